import type { z } from 'zod';
import type { LoginResult as LoginResultSchema } from '../../openapi/schemas/auth';
import type { QrcodeTicket } from '../../openapi/schemas/qrcode';
import type { SnsBindTicket } from '../../openapi/schemas/social';

export type LoginResult = z.output<typeof LoginResultSchema>;
export type QrTicket = z.output<typeof QrcodeTicket>;
export type BindTicket = z.output<typeof SnsBindTicket>;

export type LoginMode = 'login' | 'register' | 'reset' | 'callback';
export type LoginMethod = 'sms' | 'password' | 'qrcode';
export type QrStatus = 'waiting' | 'scanned' | 'confirmed' | 'refused' | 'expired';
export type CodeScene = 'login' | 'register' | 'reset' | 'bind';
export type SocialPlatform = 'wechat' | 'qq' | 'weibo' | 'alipay';
export type BindChoice = 'bind' | 'register';
export type LoginField = 'mobile' | 'code' | 'password' | 'passwordConfirm' | 'inviteCode';

export interface CallbackParams {
  platform: SocialPlatform;
  code: string;
  state: string;
}

export interface LoginInput {
  mode?: LoginMode;
  method?: LoginMethod;
  inviteCode?: string;
  taskHashId?: string | null;
  callback?: CallbackParams | null;
  /** The resend window when the server names none (default 60 s; e2e passes a short one). */
  resendSeconds?: number;
}

/** What the member typed or ticked (the same in the context and in the view's props). */
export interface LoginFields {
  mobile: string;
  code: string;
  password: string;
  passwordConfirm: string;
  inviteCode: string;
  agreed: boolean;
}

export interface LoginContext extends LoginFields {
  mode: LoginMode;
  method: LoginMethod;
  taskHashId: string | null;
  /** Seconds until a code may be requested again (mirrored from the `smsCode` child). */
  ticks: number;
  /** A code is being sent (mirrored from the `smsCode` child). */
  sendingCode: boolean;
  /** The `smsCode` child accepts a request (not sending, not counting down). */
  codeReady: boolean;
  /** Where the last code went, masked (mirrored from the `smsCode` child); null before one went out. */
  codeSentTo: string | null;
  /** Seconds until password login may be tried again after LOGIN_LOCKED (0: not locked). */
  lockSeconds: number;
  resendSeconds: number;
  error: string | null;
  qr: QrTicket | null;
  qrStatus: QrStatus | null;
  callback: CallbackParams | null;
  bindTicket: BindTicket | null;
  bindChoice: BindChoice;
  result: LoginResult | null;
}

export type QrStatusEvent = { type: 'qr.status'; status: QrStatus; login?: LoginResult | null };

export type LoginEvent =
  | { type: 'user.input'; field: LoginField; value: string }
  | { type: 'user.agree'; agreed: boolean }
  | { type: 'user.switchMethod'; method: LoginMethod }
  | { type: 'user.requestCode' }
  | { type: 'user.submit' }
  | { type: 'user.refreshQr' }
  | { type: 'user.chooseBind'; choice: BindChoice }
  /** From the `lockTicker` actor, once a second while password login is locked. */
  | { type: 'lock.tick' }
  | QrStatusEvent;

/* ---- actor inputs and outputs ---- */

export interface SendCodeInput {
  mobile: string;
  scene: CodeScene;
}
export type LoginActorInput =
  /** `agreement`: the member ticked the consent (a new number is registered as it logs in). */
  | { method: 'sms'; mobile: string; code: string; agreement: boolean; taskHashId: string | null }
  | { method: 'password'; mobile: string; password: string; taskHashId: string | null };
export interface RegisterInput {
  mobile: string;
  code: string;
  password: string | null;
  inviteCode: string | null;
  taskHashId: string | null;
}
export interface ResetPasswordInput {
  mobile: string;
  code: string;
  password: string;
}
/** What the social callback exchange answers: logged in (bound account) or a bind ticket. */
export type CallbackOutcome = (LoginResult & { status: 'login' }) | BindTicket;
export interface BindInput {
  choice: BindChoice;
  bindTicket: string;
  mobile: string;
  code: string;
  inviteCode: string | null;
}
export interface PollQrInput {
  ticket: string;
  interval: number;
}
