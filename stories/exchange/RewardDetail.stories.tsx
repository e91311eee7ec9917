import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ConsigneeFormProps } from '../../src/components/exchange/ConsigneeForm';
import type { IdentityFormProps } from '../../src/components/exchange/IdentityForm';
import { RewardDetailView } from '../../src/pages/reward-detail/RewardDetailView';
import { BLOCKERS, cashReward, info, physicalReward, virtualReward } from './fixtures';
import { shows, button, alert, presses, linkTo, noButton } from '../play';
import { desktop, phone } from '../layout';

/** `/exchange/detail/{id}` in every state of the exchange machine before an exchange exists. */

const identityForm: IdentityFormProps = {
  values: { realName: '张三', idNumber: '110101199003071235', code: '' },
  errors: { idNumber: '身份证号校验位不正确，请核对是否输错' },
  mobile: '138****6601',
  resendIn: 42,
  codeSent: true,
  sendingCode: false,
  submitting: false,
  onChange: fn(),
  onSendCode: fn(),
  onSubmit: fn(),
  onCancel: fn(),
};

const consigneeForm: ConsigneeFormProps = {
  values: { name: '张三', mobile: '13800006601', provinceId: 440000, cityId: 440300, countyId: null, address: '' },
  errors: {},
  provinces: [
    { id: 110000, name: '北京市' },
    { id: 440000, name: '广东省' },
  ],
  cities: [
    { id: 440100, name: '广州市' },
    { id: 440300, name: '深圳市' },
  ],
  counties: [
    { id: 440305, name: '南山区' },
    { id: 440304, name: '福田区' },
  ],
  loadingLevel: null,
  submitting: false,
  onChange: fn(),
  onSubmit: fn(),
  onCancel: fn(),
};

const meta = {
  title: 'Exchange/RewardDetail',
  component: RewardDetailView,
  parameters: { route: '/exchange/detail/3' },
  args: {
    status: 'confirming',
    reward: virtualReward,
    info,
    blockers: [],
    payoutPlatform: null,
    canRedeem: true,
    onRedeem: fn(),
    onConfirm: fn(),
    onCancel: fn(),
    onRetry: fn(),
    onChoosePayout: fn(),
    onOpenForm: fn(),
  },
} satisfies Meta<typeof RewardDetailView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', reward: null, info: null },
  play: shows('加载中…'),
};

export const LoadFailed: Story = {
  args: { status: 'loadFailed', reward: null, info: null, error: '网络错误，请稍后重试' },
  play: shows(button('重新加载')),
};

/** No such reward, or no longer offered: the catalogue, nothing to retry. */
export const NotFound: Story = {
  args: { status: 'notFound', reward: null, info: null },
  play: shows('这个商品不存在或已下架', linkTo('返回兑换中心', '/exchange'), noButton('重新加载')),
};

export const Visitor: Story = {
  args: { status: 'visitor', reward: { ...virtualReward, eligibility: null }, info: null, canRedeem: true },
  play: presses('登录后兑换', 'onRedeem'),
};

export const Confirming: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('redeem-button')).toBeEnabled();
    await expect(c.getByTestId('detail-balance')).toHaveTextContent('3,280');
    await expect(c.queryByRole('dialog')).toBeNull();
  },
};

export const ConfirmingAfterFailure: Story = {
  args: { error: '该兑换请求已提交过其他内容，请刷新页面后重试' },
  play: shows(alert('该兑换请求已提交过其他内容，请刷新页面后重试'), button('立即兑换', 'enabled')),
};

export const WithImages: Story = {
  args: {
    reward: {
      ...virtualReward,
      images: [
        'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="4" height="3"%3E%3Crect width="4" height="3" fill="%23a78bfa"/%3E%3C/svg%3E',
        'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="4" height="3"%3E%3Crect width="4" height="3" fill="%23f9730f"/%3E%3C/svg%3E',
      ],
    },
  },
  play: shows(async (canvas) => {
    const thumbnails = await canvas.findAllByRole('listitem', { name: /^第 \d 张图片$/ });
    await expect(thumbnails).toHaveLength(2);
    await expect(thumbnails[0]).toHaveAttribute('aria-current', 'true');
  }),
};

export const Dialog: Story = {
  args: { status: 'dialog' },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement).getByRole('dialog');
    await expect(within(dialog).getByText('确认兑换', { selector: 'p' })).toBeInTheDocument();
    await expect(within(dialog).getByText('1,780')).toBeInTheDocument();
  },
};

const coupons = [
  { id: 41, name: '满 1000 减 100 折扣券', discountPoints: 100 },
  { id: 40, name: '无门槛 10 微豆券', discountPoints: 10 },
];

/** The member's coupons that fit: the largest chosen, the price struck through, 不使用 offered. */
export const DialogWithCoupon: Story = {
  args: { status: 'dialog', coupons, couponId: 41, discountPoints: 100, onChooseCoupon: fn() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const group = c.getByRole('radiogroup', { name: '折扣券' });
    await expect(within(group).getByRole('radio', { name: /满 1000 减 100 折扣券/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(c.getByText('1,400')).toBeInTheDocument();
    await expect(c.getByText('1,880')).toBeInTheDocument();
    await expect(c.getByText(/折扣券也会退回/)).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('radio', { name: '不使用折扣券' }));
    await expect(args.onChooseCoupon).toHaveBeenCalledWith(null);
  },
};

export const DialogCouponLocked: Story = {
  args: { status: 'dialog', coupons, couponId: 41, discountPoints: 100, attemptPending: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: '不使用折扣券' })).toBeDisabled();
  },
};

export const DialogCashPayout: Story = {
  args: { status: 'dialog', reward: cashReward, payoutPlatform: 4 },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('radiogroup', { name: '收款账号' });
    await expect(within(group).getByRole('radio', { name: '支付宝（小张）' })).toHaveAttribute('aria-checked', 'true');
    await expect(within(group).getByRole('radio', { name: '微信（张同学）' })).toHaveAttribute('aria-checked', 'false');
  },
};

export const DialogAfterLostAnswer: Story = {
  args: { status: 'dialog', reward: cashReward, payoutPlatform: 4, attemptPending: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/将原样重新提交/)).toBeInTheDocument();
    await expect(c.getByRole('radio', { name: '微信（张同学）' })).toBeDisabled();
  },
};

export const DialogPhysical: Story = {
  args: { status: 'dialog', reward: physicalReward },
  play: shows('将寄往你在个人中心填写的收货地址。', button('确认兑换', 'enabled')),
};

export const Redeeming: Story = {
  args: { status: 'redeeming', canRedeem: false },
  play: shows('兑换中…'),
};

export const NetworkError: Story = {
  args: { status: 'networkError', error: '网络错误', retries: 1, canRedeem: false },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement).getByRole('dialog');
    await expect(within(dialog).getByText(/不会重复扣除微豆/)).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: '重试' })).toBeInTheDocument();
  },
};

const refused = (blockers: { code: number; msg: string }[], over: object = {}): Story => ({
  args: { status: 'refused', blockers, canRedeem: false, ...over },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByTestId('blocker')).toHaveLength(blockers.length);
    for (const b of blockers) await expect(c.getByText(b.msg)).toBeInTheDocument();
    await expect(c.getByRole('button', { name: '暂不能兑换' })).toBeDisabled();
  },
});

export const RefusedPoints = refused([BLOCKERS.points]);
export const RefusedStock = refused([BLOCKERS.stock]);
export const RefusedLimit = refused([BLOCKERS.limit]);
export const RefusedLevel = refused([BLOCKERS.level]);
/** Below the reward's answer-quality minimum: the reason, the fact, and the way to the level rules. */
export const RefusedQualityLevel: Story = {
  ...refused([BLOCKERS.quality], { reward: { ...physicalReward, minQualityLevel: 3 } }),
  play: async (ctx) => {
    await refused([BLOCKERS.quality]).play!(ctx);
    const c = within(ctx.canvasElement);
    await expect(c.getByText('答题质量等级不足')).toBeInTheDocument();
    await expect(c.getByText('仅限优秀')).toBeInTheDocument();
    await expect(c.getByRole('link', { name: '查看质量等级' })).toHaveAttribute('href', '/efficient/level');
  },
};
export const RefusedUnavailable = refused([BLOCKERS.unavailable]);
export const RefusedIdentity = refused([BLOCKERS.identity], { reward: cashReward });
export const RefusedBinding = refused([BLOCKERS.binding], { reward: cashReward });
/** No payout account can be bound on this site: why cash waits and what to do, no 去绑定 leading nowhere. */
export const RefusedBindingUnavailable: Story = {
  args: {
    status: 'refused',
    reward: cashReward,
    blockers: [BLOCKERS.binding],
    canRedeem: false,
    bindingPath: '/home/user',
    payoutUnavailable: true,
  },
  play: shows(
    '现金暂不能兑换',
    /本站暂时还不能绑定支付宝或微信收款账号/,
    linkTo('看看其他商品', '/exchange'),
    async (c) => {
      await expect(c.queryAllByRole('link', { name: '去绑定', hidden: true })).toHaveLength(0);
    },
  ),
};
export const RefusedAddress = refused([BLOCKERS.address], { reward: physicalReward });
export const RefusedCashAll = refused([BLOCKERS.identity, BLOCKERS.binding, BLOCKERS.points], { reward: cashReward });

/** Refused for want of a real-name check, with its form open (`form` changes the sample form). */
const identityFormOpen = (form: Partial<IdentityFormProps> = {}) => ({
  status: 'refused' as const,
  reward: cashReward,
  blockers: [BLOCKERS.identity],
  openForm: 'identity' as const,
  identityForm: { ...identityForm, ...form },
});

/** Refused for want of an address, with the consignee form open. */
const addressFormOpen = (form: Partial<ConsigneeFormProps> = {}) => ({
  status: 'refused' as const,
  reward: physicalReward,
  blockers: [BLOCKERS.address],
  openForm: 'address' as const,
  consigneeForm: { ...consigneeForm, ...form },
});

export const IdentityFormOpen: Story = {
  args: identityFormOpen(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('identity-form')).toBeInTheDocument();
    await expect(c.getByText('身份证号校验位不正确，请核对是否输错')).toBeInTheDocument();
    await expect(c.getByText('42s 后重发')).toBeInTheDocument();
  },
};

export const IdentitySubmitting: Story = {
  args: identityFormOpen({
    errors: {},
    values: { ...identityForm.values, idNumber: '11010119900307123X', code: '123456' },
    submitting: true,
  }),
  play: shows('需要实名认证', button('提交中…', 'disabled'), button('取消', 'disabled')),
};

export const IdentityRefusedByServer: Story = {
  args: identityFormOpen({ errors: {}, formError: '该身份证号已用于其他账号的实名认证' }),
  play: shows(alert('该身份证号已用于其他账号的实名认证'), button('提交认证', 'enabled')),
};

export const IdentityNoMobile: Story = {
  args: identityFormOpen({ mobile: null, errors: {} }),
  play: shows('实名认证需要短信验证，请先在个人中心绑定手机号。', button('提交认证', 'disabled')),
};

export const AddressFormOpen: Story = {
  args: addressFormOpen(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('consignee-form')).toBeInTheDocument();
    await expect(c.getByLabelText('区县')).toBeEnabled();
  },
};

export const AddressLoadingCities: Story = {
  args: addressFormOpen({
    values: { ...consigneeForm.values, cityId: null },
    cities: [],
    counties: [],
    loadingLevel: 'city',
  }),
  play: shows('需要收货地址', '加载中…', button('暂不能兑换', 'disabled')),
};

export const AddressInvalid: Story = {
  args: addressFormOpen({
    values: { name: '', mobile: '138', provinceId: 440000, cityId: null, countyId: null, address: '1' },
    errors: {
      name: '请填写收货人',
      mobile: '请输入 11 位手机号',
      region: '请选择完整的省、市、区县',
      address: '详细地址至少 4 个字',
    },
    regionsError: '地区列表加载失败：网络错误',
  }),
  play: shows(alert('请填写收货人'), alert('请选择完整的省、市、区县'), alert('详细地址至少 4 个字')),
};

export const Redeemed: Story = {
  args: { status: 'pendingReview', canRedeem: false },
  play: shows('兑换成功，正在打开结果页…'),
};

export const Phone: Story = {
  ...phone,
  play: shows('3,280', button('立即兑换', 'enabled')),
};
export const PhoneDialog: Story = {
  args: { status: 'dialog' },
  ...phone,
  play: shows('兑换后余额', '1,780', button('确认兑换')),
};
export const PhoneRefused: Story = {
  args: { status: 'refused', reward: cashReward, blockers: [BLOCKERS.identity, BLOCKERS.binding], canRedeem: false },
  ...phone,
  play: shows(button('去实名认证'), button('暂不能兑换', 'disabled')),
};
export const Desktop: Story = {
  ...desktop,
  play: shows('3,280', button('立即兑换', 'enabled')),
};
