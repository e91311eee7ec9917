import type { SmsFormProps } from '../../src/components/auth/fields';

/** Shared sample data of the account stories. */
export const noop = () => {};

/** Every "mobile + SMS code" form before anything is typed or sent. */
export const emptySmsForm: SmsFormProps = {
  mobile: '',
  onMobileChange: noop,
  code: '',
  onCodeChange: noop,
  resendIn: 0,
  codeSent: false,
  sendingCode: false,
  canSendCode: false,
  onSendCode: noop,
};

/** A hidden, empty password field. */
export const emptyPassword = {
  password: '',
  onPasswordChange: noop,
  passwordVisible: false,
  onTogglePasswordVisible: noop,
};

/** A submit button that cannot be pressed yet. */
export const idleSubmit = { canSubmit: false, submitting: false, onSubmit: noop };

export const PROVIDERS = [
  { platform: 1, name: '微信' },
  { platform: 2, name: 'QQ' },
  { platform: 3, name: '微博' },
  { platform: 4, name: '支付宝' },
];

export const QR_URL = 'https://www.weidou.cn/qrcode/confirm?ticket=qr_7f3a9c2e5b814d6a';
