import { fn } from 'storybook/test';
import type { EmailBindView } from '../../machines/emailBind';
import type { MobileChangeView } from '../../machines/mobileChange';
import type { PasswordChangeView } from '../../machines/passwordChange';
import type { ConsigneeFormProps } from '../../src/components/exchange/ConsigneeForm';
import type { IdentityFormProps } from '../../src/components/exchange/IdentityForm';
import type {
  EmailPanelProps,
  MobilePanelProps,
  PasswordPanelProps,
} from '../../src/pages/user/SecuritySection';
import type { Binding } from '../../src/pages/user/SocialSection';
import type { AccountData, UserViewProps } from '../../src/pages/user/UserView';

/** Sample data of the personal centre's stories: a member, each flow at rest, the sections' props. */

/** 2026-03-02 10:00 Beijing. */
const T = Date.UTC(2026, 2, 2, 2, 0);

export const account: AccountData = {
  id: 1024,
  memberCode: 'WD8K2M7Q',
  nickname: '小橙子',
  avatar: null,
  mobile: '138****6601',
  registeredAt: T - 90 * 86_400_000,
  email: null,
  hasPassword: true,
  idVerifyState: 0,
  points: 1280,
  credit: 36,
  level: 1,
  basicSurveyDone: false,
  newMessage: false,
  role: 0,
  bbsRole: 0,
};

/** A member who signed up with WeChat: no mobile, no password. */
export const socialOnly: AccountData = { ...account, nickname: '微信用户', mobile: null, hasPassword: false };

/** A panel at rest: nothing sent, nothing to press but its row's button. */
const atRest = {
  error: null,
  busy: false,
  countdown: 0,
  sendingCode: false,
  codeSent: false,
  codeSentTo: null,
  canRequestCode: false,
  canSubmit: false,
  canCancel: false,
  canClose: false,
};

export const mobileIdle: MobileChangeView = {
  step: 'idle',
  firstBind: false,
  code: '',
  mobile: '',
  newMobile: null,
  ...atRest,
};

export const passwordIdle: PasswordChangeView = {
  step: 'idle',
  firstPassword: false,
  method: 'old',
  canSwitchMethod: false,
  oldPassword: '',
  code: '',
  password: '',
  confirm: '',
  ...atRest,
};

export const emailIdle: EmailBindView = {
  step: 'idle',
  email: '',
  code: '',
  boundEmail: null,
  ...atRest,
};

const handlers = () => ({
  onStart: fn(),
  onInput: fn(),
  onFieldBlur: fn(),
  onRequestCode: fn(),
  onSubmit: fn(),
  onCancel: fn(),
  onClose: fn(),
});

export const bindings: Binding[] = [
  { platform: 1, bound: true, available: true, nickname: '橙子', avatar: null, boundAt: T - 30 * 86_400_000 },
  { platform: 2, bound: false, available: true, nickname: null, avatar: null, boundAt: null },
  { platform: 3, bound: false, available: false, nickname: null, avatar: null, boundAt: null },
  { platform: 4, bound: true, available: true, nickname: '支付宝用户', avatar: null, boundAt: T - 3 * 86_400_000 },
];

export const identityForm: IdentityFormProps = {
  values: { realName: '', idNumber: '', code: '' },
  errors: {},
  mobile: '138****6601',
  resendIn: 0,
  codeSent: false,
  sendingCode: false,
  submitting: false,
  onChange: fn(),
  onBlur: fn(),
  onSendCode: fn(),
  onSubmit: fn(),
  onCancel: fn(),
};

export const consigneeForm: ConsigneeFormProps = {
  values: { name: '张三', mobile: '13800006601', provinceId: 440000, cityId: 440300, countyId: 440305, address: '' },
  errors: {},
  provinces: [
    { id: 110000, name: '北京市' },
    { id: 440000, name: '广东省' },
  ],
  cities: [{ id: 440300, name: '深圳市' }],
  counties: [{ id: 440305, name: '南山区' }],
  loadingLevel: null,
  submitting: false,
  onChange: fn(),
  onSubmit: fn(),
  onCancel: fn(),
};

export const savedAddress = {
  name: '张三',
  mobile: '13800006601',
  provinceId: 440000,
  cityId: 440300,
  countyId: 440305,
  address: '科技园南区 8 栋 1201',
  regionName: '广东省 深圳市 南山区',
  updatedAt: T,
};

/** The page with every change at rest (the args of every story, which override a part). */
export function baseArgs(a: AccountData = account): UserViewProps {
  return {
    status: 'ready',
    account: a,
    error: null,
    onRetry: fn(),
    nickname: {
      editing: false,
      value: '',
      error: null,
      canSave: false,
      saving: false,
      onEdit: fn(),
      onChange: fn(),
      onCancel: fn(),
      onSave: fn(),
    },
    mobile: { ...mobileIdle, ...handlers(), current: a.mobile, fieldErrors: {} },
    password: {
      ...passwordIdle,
      ...handlers(),
      hasPassword: a.hasPassword,
      mobile: a.mobile,
      passwordVisible: false,
      onTogglePasswordVisible: fn(),
      onSwitchMethod: fn(),
      fieldErrors: {},
    },
    email: { ...emailIdle, ...handlers(), current: a.email, fieldErrors: {} },
    social: {
      status: 'ready',
      bindings,
      error: null,
      onRetry: fn(),
      confirming: null,
      pending: null,
      failure: null,
      onBind: fn(),
      onUnbind: fn(),
      onConfirmUnbind: fn(),
      onCancelUnbind: fn(),
    },
    more: {
      surveyPath: '/user/survey',
      address: { status: 'ready', data: null },
      openForm: null,
      identityForm,
      consigneeForm,
      onOpenForm: fn(),
    },
  };
}

/** `base` with the mobile panel in another state. */
export const withMobile = (panel: Partial<MobilePanelProps>, base = baseArgs()): UserViewProps => ({
  ...base,
  mobile: { ...base.mobile, ...panel },
});
export const withPassword = (panel: Partial<PasswordPanelProps>, base = baseArgs()): UserViewProps => ({
  ...base,
  password: { ...base.password, ...panel },
});
export const withEmail = (panel: Partial<EmailPanelProps>, base = baseArgs()): UserViewProps => ({
  ...base,
  email: { ...base.email, ...panel },
});
