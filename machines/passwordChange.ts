import { and, assign, fromPromise, not, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import { isCode } from '../openapi/rules/mobile';
import { RESEND_SECONDS, codeOf, errorMessage, isLoginPassword, isNewPassword, notProvided } from './shared';
import {
  IDLE_CODE_BUTTON,
  mirrorSmsCode,
  selectCodeForm,
  smsCodeMachine,
  type CodeButtonContext,
  type CodeFormView,
} from './smsCode';

/**
 * 设置 / 修改登录密码 in the personal centre (`/home/user`): choose how to prove it is you (the old
 * password, or a code to the bound mobile) → submit → done. The server then ends every other
 * session; this one stays logged in.
 *
 * Input: `{ resendSeconds? }`.
 *
 * States
 * - `idle`          closed. `user.start { hasPassword, hasMobile }` → `open.editing` when one of
 *                   the two ways exists (without a password and a mobile there is none: the page
 *                   asks for a mobile first). The way starts as `old` with a password, else `sms`.
 * - `open`          the code button (`smsCode` child, scene change_password) lives here, so its
 *                   countdown survives a refused submit.
 *   - `.editing`    `user.switchMethod { method }` (old needs a password, sms a mobile);
 *                   `user.input { field }` (typing a new code drops a ticket already bought);
 *                   `user.requestCode` (sms way, button idle); `user.submit` when the new password is
 *                   8–20 letters and digits, typed twice alike, and the old password or a 6-digit
 *                   code (or a ticket) is there → `.verifying` (sms without a ticket) or `.submitting`;
 *                   `user.cancel` → `idle`.
 *   - `.verifying`  actor `verifyCode` ({ code } → { verifyTicket }, /v1/sms/check). Done →
 *                   `.submitting` with the ticket; error → `.editing` with the refusal.
 *   - `.submitting` actor `changePassword` ({ password, oldPassword } or { password, verifyTicket }).
 *                   Done → `done`, action `changed` (the app reloads the account). Error: a ticket no
 *                   longer good (VERIFY_TICKET_INVALID) → `.editing` without it and the code, with the
 *                   message; any other (wrong old password, locked…) → `.editing` with the refusal.
 * - `done`          `user.close` → `idle`.
 *
 * Tags: `open` (all but idle), `busy` (verifying, submitting).
 * Actors (the app provides them): `smsCode` (with its `sendCode`), `verifyCode`, `changePassword`.
 */

export type PasswordMethod = 'old' | 'sms';
export type PasswordField = 'oldPassword' | 'code' | 'password' | 'confirm';

export interface PasswordChangeContext extends CodeButtonContext {
  hasPassword: boolean;
  hasMobile: boolean;
  method: PasswordMethod;
  oldPassword: string;
  code: string;
  password: string;
  confirm: string;
  /** The ticket /v1/sms/check gave for the typed code (kept for a retry of the submit). */
  verifyTicket: string | null;
  error: string | null;
  resendSeconds: number;
}

export type PasswordChangeEvent =
  | { type: 'user.start'; hasPassword: boolean; hasMobile: boolean }
  | { type: 'user.switchMethod'; method: PasswordMethod }
  | { type: 'user.input'; field: PasswordField; value: string }
  | { type: 'user.requestCode' }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.close' };

export type ChangePasswordInput =
  | { password: string; oldPassword: string; verifyTicket?: undefined }
  | { password: string; verifyTicket: string; oldPassword?: undefined };

const fresh = {
  ...IDLE_CODE_BUTTON,
  hasPassword: false,
  hasMobile: false,
  method: 'sms',
  oldPassword: '',
  code: '',
  password: '',
  confirm: '',
  verifyTicket: null,
  error: null,
} satisfies Omit<PasswordChangeContext, 'resendSeconds'>;

export const passwordChangeMachine = setup({
  types: {} as {
    input: { resendSeconds?: number } | undefined;
    context: PasswordChangeContext;
    events: PasswordChangeEvent;
    tags: 'open' | 'busy';
  },
  actors: {
    smsCode: smsCodeMachine,
    verifyCode: fromPromise<{ verifyTicket: string }, { code: string }>(
      notProvided('passwordChangeMachine', 'verifyCode'),
    ),
    changePassword: fromPromise<unknown, ChangePasswordInput>(notProvided('passwordChangeMachine', 'changePassword')),
  },
  guards: {
    hasAWay: ({ event }) => event.type === 'user.start' && (event.hasPassword || event.hasMobile),
    methodAllowed: ({ context, event }) =>
      event.type === 'user.switchMethod' &&
      event.method !== context.method &&
      (event.method === 'old' ? context.hasPassword : context.hasMobile),
    bySms: ({ context }) => context.method === 'sms',
    hasTicket: ({ context }) => context.verifyTicket !== null,
    codeReady: ({ context }) => context.codeReady,
    ready: ({ context }) =>
      isNewPassword(context.password) &&
      context.password === context.confirm &&
      (context.method === 'old'
        ? isLoginPassword(context.oldPassword)
        : context.verifyTicket !== null || isCode(context.code)),
    ticketGone: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.VERIFY_TICKET_INVALID,
  },
  actions: {
    /** The app reloads the account (provided with `machine.provide`). */
    changed: () => {},
    setField: assign(({ event }) => {
      if (event.type !== 'user.input') return {};
      // A new code needs a new check: the ticket of the old one goes.
      return event.field === 'code'
        ? { code: event.value, verifyTicket: null, error: null }
        : { [event.field]: event.value, error: null };
    }),
    keepError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
    mirrorButton: assign(({ context, event }) =>
      'snapshot' in event ? mirrorSmsCode(context, event.snapshot as SnapshotFrom<typeof smsCodeMachine>) : {},
    ),
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({ ...fresh, resendSeconds: input?.resendSeconds ?? RESEND_SECONDS }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.start': {
          guard: 'hasAWay',
          target: 'open',
          actions: assign(({ event }) => ({
            ...fresh,
            hasPassword: event.hasPassword,
            hasMobile: event.hasMobile,
            method: event.hasPassword ? ('old' as const) : ('sms' as const),
          })),
        },
      },
    },
    open: {
      tags: ['open'],
      invoke: {
        id: 'code',
        src: 'smsCode',
        input: ({ context }) => ({ resendSeconds: context.resendSeconds }),
        onSnapshot: { actions: 'mirrorButton' },
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.input': { actions: 'setField' },
            'user.switchMethod': {
              guard: 'methodAllowed',
              actions: assign({ method: ({ event }) => event.method, error: null }),
            },
            'user.requestCode': {
              guard: and(['bySms', 'codeReady']),
              actions: [
                assign({ error: null }),
                sendTo('code', { type: 'user.requestCode' as const, request: { scene: 'change_password' } }),
              ],
            },
            'user.submit': [
              { guard: and(['ready', 'bySms', not('hasTicket')]), target: 'verifying' },
              { guard: 'ready', target: 'submitting' },
            ],
            'user.cancel': { target: '#passwordChange.idle' },
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({ code: context.code }),
            onDone: {
              target: 'submitting',
              actions: assign({ verifyTicket: ({ event }) => event.output.verifyTicket }),
            },
            onError: { target: 'editing', actions: 'keepError' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }): ChangePasswordInput =>
              context.method === 'sms'
                ? { password: context.password, verifyTicket: context.verifyTicket! }
                : { password: context.password, oldPassword: context.oldPassword },
            onDone: { target: '#passwordChange.done', actions: [assign({ error: null }), 'changed'] },
            onError: [
              {
                guard: 'ticketGone',
                target: 'editing',
                actions: [assign({ verifyTicket: null, code: '' }), 'keepError'],
              },
              { target: 'editing', actions: 'keepError' },
            ],
          },
        },
      },
    },
    done: {
      tags: ['open'],
      on: { 'user.close': { target: 'idle' } },
    },
  },
});

export type PasswordChangeSnapshot = SnapshotFrom<typeof passwordChangeMachine>;
export type PasswordChangeActor = ActorRefFrom<typeof passwordChangeMachine>;

export type PasswordChangeStep = 'idle' | 'editing' | 'verifying' | 'submitting' | 'done';

/** Plain props of the 登录密码 panel (with the code button's and the form's common ones). */
export interface PasswordChangeView extends CodeFormView {
  step: PasswordChangeStep;
  /** Setting a first password (none yet) rather than changing it. */
  firstPassword: boolean;
  method: PasswordMethod;
  /** The other way may be chosen (a password to give, a mobile to get a code on). */
  canSwitchMethod: boolean;
  oldPassword: string;
  code: string;
  password: string;
  confirm: string;
}

function stepOf(snapshot: PasswordChangeSnapshot): PasswordChangeStep {
  if (snapshot.matches({ open: 'editing' })) return 'editing';
  if (snapshot.matches({ open: 'verifying' })) return 'verifying';
  if (snapshot.matches({ open: 'submitting' })) return 'submitting';
  if (snapshot.matches('done')) return 'done';
  return 'idle';
}

export function selectPasswordChangeView(snapshot: PasswordChangeSnapshot): PasswordChangeView {
  const c = snapshot.context;
  const other: PasswordMethod = c.method === 'old' ? 'sms' : 'old';
  return {
    ...selectCodeForm(snapshot),
    step: stepOf(snapshot),
    firstPassword: !c.hasPassword,
    method: c.method,
    canSwitchMethod: snapshot.can({ type: 'user.switchMethod', method: other }),
    oldPassword: c.oldPassword,
    code: c.code,
    password: c.password,
    confirm: c.confirm,
  };
}
