import type { LoginSnapshot } from './machine';
import type { BindChoice, BindTicket, LoginFields, LoginMethod, LoginMode, LoginResult, QrStatus } from './types';

/** Where the form is, as one name a view can switch on. */
export type LoginStep =
  | 'editing'
  | 'submitting'
  | 'locked'
  | 'qrFetching'
  | 'qrWaiting'
  | 'qrScanned'
  | 'qrRefused'
  | 'qrExpired'
  | 'qrFailed'
  | 'resetDone'
  | 'exchanging'
  | 'callbackFailed'
  | 'needsBind'
  | 'binding'
  | 'succeeded';

function loginStep(snapshot: LoginSnapshot): LoginStep {
  const m = (value: Parameters<LoginSnapshot['matches']>[0]) => snapshot.matches(value);
  if (m({ flow: 'succeeded' })) return 'succeeded';
  if (snapshot.hasTag('locked')) return 'locked';
  if (m({ flow: { login: { qrcode: 'fetching' } } })) return 'qrFetching';
  if (m({ flow: { login: { qrcode: { showing: 'waiting' } } } })) return 'qrWaiting';
  if (m({ flow: { login: { qrcode: { showing: 'scanned' } } } })) return 'qrScanned';
  if (m({ flow: { login: { qrcode: 'refused' } } })) return 'qrRefused';
  if (m({ flow: { login: { qrcode: 'expired' } } })) return 'qrExpired';
  if (m({ flow: { login: { qrcode: 'failed' } } })) return 'qrFailed';
  if (m({ flow: { reset: 'done' } })) return 'resetDone';
  if (m({ flow: { callback: 'exchanging' } })) return 'exchanging';
  if (m({ flow: { callback: 'failed' } })) return 'callbackFailed';
  if (m({ flow: { callback: { needsBind: 'binding' } } })) return 'binding';
  if (m({ flow: { callback: { needsBind: 'editing' } } })) return 'needsBind';
  if (snapshot.hasTag('busy')) return 'submitting';
  return 'editing';
}

/** Plain props for the login / register / password / bind views. */
export interface LoginView extends LoginFields {
  mode: LoginMode;
  method: LoginMethod;
  step: LoginStep;
  busy: boolean;
  /** 获取验证码 is enabled. */
  canRequestCode: boolean;
  /** A code is being sent. */
  sendingCode: boolean;
  /** Seconds until 重新发送 (0: not counting down). */
  countdown: number;
  /** Where the last code went, masked (验证码已发送至 139****1234); null before one went out. */
  codeSentTo: string | null;
  /** Seconds until password login may be tried again (step `locked`; 0 otherwise). */
  lockSeconds: number;
  /** The submit button is enabled. */
  canSubmit: boolean;
  error: string | null;
  /** The QR code's content (the phone-side confirm URL) while one is shown. */
  qrUrl: string | null;
  qrStatus: QrStatus | null;
  bindChoice: BindChoice;
  bindTicket: BindTicket | null;
  result: LoginResult | null;
}

export function selectLoginView(snapshot: LoginSnapshot): LoginView {
  const c = snapshot.context;
  return {
    mode: c.mode,
    method: c.method,
    step: loginStep(snapshot),
    busy: snapshot.hasTag('busy'),
    mobile: c.mobile,
    code: c.code,
    password: c.password,
    passwordConfirm: c.passwordConfirm,
    inviteCode: c.inviteCode,
    agreed: c.agreed,
    canRequestCode: snapshot.can({ type: 'user.requestCode' }),
    sendingCode: c.sendingCode,
    countdown: c.ticks,
    codeSentTo: c.codeSentTo,
    lockSeconds: c.lockSeconds,
    canSubmit: snapshot.can({ type: 'user.submit' }),
    error: c.error,
    qrUrl: c.qr && snapshot.matches({ flow: { login: { qrcode: 'showing' } } }) ? c.qr.url : null,
    qrStatus: c.qrStatus,
    bindChoice: c.bindChoice,
    bindTicket: c.bindTicket,
    result: c.result,
  };
}
