/** The login machine (login tabs, register, reset, social bind) and what its pages need. */
export * from './types';
export { loginMachine, type LoginActor, type LoginSnapshot } from './machine';
export { createQrPoller, QR_POLL_INTERVAL_MS } from './qrcode';
export { sceneOf } from './setup';
export { loginStep, selectLoginView, type LoginStep, type LoginView } from './view';
export { RESEND_SECONDS, isCode, isInviteCodeOk, isLoginPassword, isMobile, isNewPassword } from '../shared';
export { smsCodeMachine, type SendCodeOutput } from '../smsCode';
