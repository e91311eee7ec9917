/** The login machine (login tabs, register, reset, social bind) and what its pages need. */
export * from './types';
export { loginMachine, type LoginSnapshot } from './machine';
export { createQrPoller } from './qrcode';
export { selectLoginView, type LoginView } from './view';
export { isCode, isInviteCodeOk, isLoginPassword, isMobile, isNewPassword } from '../shared';
