import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AvatarUploader } from '../../src/components/AvatarUploader';
import { UserView } from '../../src/pages/user/UserView';
import { desktop, homePage, phone } from '../layout';
import { alert, button, hidden, linkTo, noButton, presses, shows, testIds } from '../play';
import { account, baseArgs, consigneeForm, identityForm, savedAddress, socialOnly } from './userFixtures';

/**
 * `/home/user` 个人中心: the page, 头像与昵称 (the nickname form), 第三方账号 and 更多资料 in each of
 * their states. 账号与安全's three flows are in UserSecurity.stories.tsx.
 */
const meta = {
  title: 'Pages/User',
  component: UserView,
  ...homePage('/home/user'),
  args: baseArgs(),
} satisfies Meta<typeof UserView>;

export default meta;
type Story = StoryObj<typeof meta>;

/* ---- the page ---- */

export const Loading: Story = {
  ...desktop,
  args: { status: 'loading', account: null },
  play: shows('加载中…', hidden('账号与安全')),
};

export const LoadFailed: Story = {
  ...desktop,
  args: { status: 'error', account: null, error: '网络错误，请稍后重试' },
  play: presses('重新加载', 'onRetry', alert('网络错误，请稍后重试')),
};

export const Ready: Story = {
  ...desktop,
  play: shows(
    '个人中心',
    '小橙子',
    '会员号 WD8K2M7Q',
    '138****6601',
    button('更换手机号'),
    button('修改登录密码'),
    button('绑定邮箱'),
    '账号与安全',
    '第三方账号',
    '更多资料',
    testIds('avatar-spot', 1),
  ),
};

export const ReadyPhone: Story = {
  ...phone,
  play: shows('个人中心', '小橙子', button('更换手机号'), button('绑定QQ'), linkTo('去完善', '/user/survey')),
};

/** A member who signed up with a social account: no mobile (bind one), no password (needs a mobile first). */
export const SocialSignUpNoMobile: Story = {
  ...desktop,
  args: baseArgs(socialOnly),
  play: shows(
    '未绑定',
    button('绑定手机号'),
    button('设置登录密码', 'disabled'),
    '设置密码需要短信验证，请先绑定手机号',
  ),
};

/** On the page the avatar uploader stands above the nickname and takes the plain avatar's place. */
export const WithAvatarUploader: Story = {
  ...desktop,
  args: {
    avatarUploader: (
      <AvatarUploader
        current={null}
        nickname="小橙子"
        step="idle"
        fileName={null}
        avatar={null}
        error={null}
        busy={false}
        canPick
        canRetry={false}
        canDismiss={false}
        preview={null}
        onPick={fn()}
        onRetry={fn()}
        onDismiss={fn()}
      />
    ),
  },
  play: shows(button('选择图片'), '小橙子', testIds('avatar-uploader', 1)),
};

/* ---- the nickname ---- */

const nickname = (form: Partial<(typeof meta.args)['nickname']>) => ({
  nickname: { ...baseArgs().nickname, editing: true, value: '小橙子', ...form },
});

export const NicknameEditing: Story = {
  ...desktop,
  args: nickname({ value: '橙子_2026', canSave: true }),
  play: async (context) => {
    await shows('2–16 个字，可用汉字、字母、数字、下划线和短横线')(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '保存昵称' }));
    await expect(context.args.nickname.onSave).toHaveBeenCalled();
  },
};

export const NicknameUnchanged: Story = {
  ...desktop,
  args: nickname({}),
  play: shows(button('保存昵称', 'disabled'), button('取消', 'enabled')),
};

export const NicknameInvalid: Story = {
  ...phone,
  args: nickname({ value: '小 橙', error: '昵称只能包含汉字、字母、数字、下划线和短横线' }),
  play: shows(alert('昵称只能包含汉字、字母、数字、下划线和短横线'), button('保存昵称', 'disabled')),
};

export const NicknameReserved: Story = {
  ...desktop,
  args: nickname({ value: '官方小橙', error: '昵称不能包含“官方”，请换一个' }),
  play: shows(alert('昵称不能包含“官方”，请换一个')),
};

export const NicknameSaving: Story = {
  ...desktop,
  args: nickname({ value: '橙子_2026', saving: true }),
  play: shows(button(/保存中/, 'disabled')),
};

/* ---- social accounts ---- */

const social = (part: Partial<(typeof meta.args)['social']>) => ({ social: { ...baseArgs().social, ...part } });

export const SocialList: Story = {
  ...desktop,
  play: shows(
    '已绑定：橙子',
    '2026-01-31 绑定',
    button('解绑微信'),
    button('绑定QQ'),
    '暂未开放',
    noButton('绑定微博'),
    button('解绑支付宝'),
  ),
};

export const SocialLoading: Story = {
  ...desktop,
  args: social({ status: 'loading', bindings: [] }),
  play: shows('加载中…'),
};

export const SocialLoadFailed: Story = {
  ...phone,
  args: social({ status: 'error', bindings: [], error: '网络错误，请稍后重试' }),
  play: shows(alert('网络错误，请稍后重试'), button('重新加载')),
};

export const SocialConfirmUnbind: Story = {
  ...desktop,
  args: social({ confirming: 1 }),
  play: shows('解绑后将不能再用微信登录这个账号，确定解绑吗？', button('确认解绑微信'), noButton('解绑微信')),
};

export const SocialUnbinding: Story = {
  ...desktop,
  args: social({ confirming: 1, pending: 1 }),
  play: shows(button('确认解绑微信', 'disabled')),
};

export const SocialUnbindRefused: Story = {
  ...phone,
  args: social({
    bindings: baseArgs().social.bindings.map((b) => (b.platform === 4 ? { ...b, bound: false } : b)),
    failure: { platform: 1, message: '这是你唯一的登录方式，请先绑定手机号再解绑' },
  }),
  play: shows(alert('这是你唯一的登录方式，请先绑定手机号再解绑'), button('解绑微信')),
};

export const SocialLeavingForProvider: Story = {
  ...desktop,
  args: social({ pending: 2 }),
  play: shows(button('绑定QQ', 'disabled')),
};

/* ---- more: questionnaire, real name, address ---- */

const more = (part: Partial<(typeof meta.args)['more']>, a = account) => ({
  ...baseArgs(a),
  more: { ...baseArgs(a).more, ...part },
});

export const MoreAllDone: Story = {
  ...desktop,
  args: more(
    {
      address: { status: 'ready', data: savedAddress },
      property: {
        gender: 1,
        birthday: '1990-05-12',
        provinceId: 440000,
        cityId: 440300,
        countyId: 440305,
        regionName: '广东 深圳 南山区',
        education: 4,
        occupation: 2,
        income: 4,
        marital: 2,
        complete: true,
        updatedAt: Date.UTC(2026, 10, 1),
      },
      idVerify: { realName: '张*', idNumber: '110***********1234', reason: null },
    },
    { ...account, basicSurveyDone: true, idVerifyState: 2 },
  ),
  play: shows(
    '已完善',
    '男 · 1990-05-12 生 · 广东 深圳 南山区 · 本科 · 企业职员 · 月收入 5000-7999 元 · 已婚',
    linkTo('修改', '/user/survey'),
    '已认证',
    '张* 110***********1234 · 认证信息不能修改',
    noButton('去实名认证'),
    '广东省 深圳市 南山区 科技园南区 8 栋 1201',
    button('修改收货地址'),
  ),
};

export const MoreSurveyHalfDone: Story = {
  ...phone,
  args: more({ surveyProgress: { answered: 3, total: 8, rewardPoints: 20 } }),
  play: shows('未完善', '已答 3/8 题，完成可得 20 微豆；用于为你匹配合适的问卷', linkTo('去完善', '/user/survey')),
};

export const MoreSurveyNotBuilt: Story = {
  ...desktop,
  args: more({ surveyPath: null }),
  play: shows('未完善', hidden('去完善')),
};

export const MoreIdentityOpen: Story = {
  ...desktop,
  args: more({ openForm: 'identity' }),
  play: shows('请填写与身份证一致的信息。', '每天可再试 3 次', button('提交认证'), noButton('去实名认证')),
};

export const MoreIdentityRefused: Story = {
  ...phone,
  args: more({
    openForm: 'identity',
    identityForm: { ...identityForm, formError: '该身份证号已用于其他账号的实名认证' },
  }),
  play: shows(alert('该身份证号已用于其他账号的实名认证')),
};

/** 二要素 核验不一致: the server's words with the tries left stay in the form (the ticket is kept). */
export const MoreIdentityMismatch: Story = {
  ...phone,
  args: more({
    openForm: 'identity',
    identityForm: { ...identityForm, formError: '姓名与身份证号不一致，请核对后再试；今天还可尝试 2 次' },
  }),
  play: shows(alert('姓名与身份证号不一致，请核对后再试；今天还可尝试 2 次'), button('提交认证')),
};

/** The day's tries are used up. */
export const MoreIdentityTriesExhausted: Story = {
  ...desktop,
  args: more({
    openForm: 'identity',
    identityForm: { ...identityForm, formError: '今天的实名认证次数已用完，明天再试' },
  }),
  play: shows(alert('今天的实名认证次数已用完，明天再试')),
};

export const MoreIdentityFailedBefore: Story = {
  ...desktop,
  args: more(
    { idVerify: { realName: '张*', idNumber: '110***********1234', reason: '姓名与身份证号不一致' } },
    { ...account, idVerifyState: 3 },
  ),
  play: shows('未通过', '未通过：姓名与身份证号不一致', button('去实名认证')),
};

export const MoreIdentityReviewing: Story = {
  ...desktop,
  args: more({}, { ...account, idVerifyState: 1 }),
  play: shows('审核中', noButton('去实名认证')),
};

export const MoreAddressOpen: Story = {
  ...desktop,
  args: more({ openForm: 'address' }),
  play: shows(button('保存地址'), noButton('填写收货地址')),
};

export const MoreAddressSaving: Story = {
  ...phone,
  args: more({ openForm: 'address', consigneeForm: { ...consigneeForm, submitting: true } }),
  play: shows(button(/保存中/, 'disabled')),
};

export const MoreAddressLoading: Story = {
  ...desktop,
  args: more({ address: { status: 'loading', data: null } }),
  play: shows('加载中…'),
};

export const MoreAddressUnreadable: Story = {
  ...desktop,
  args: more({ address: { status: 'error', data: null } }),
  play: shows('暂时无法读取', button('填写收货地址')),
};
