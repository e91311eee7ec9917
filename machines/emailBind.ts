import { and, assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isEmail } from '../openapi/rules/email';
import { isCode } from '../openapi/rules/mobile';
import { RESEND_SECONDS, errorMessage, notProvided } from './shared';
import {
  IDLE_CODE_BUTTON,
  mirrorSmsCode,
  selectCodeForm,
  smsCodeMachine,
  type CodeButtonContext,
  type CodeFormView,
} from './smsCode';

/**
 * 绑定 / 更换邮箱 in the personal centre (`/home/user`): send a code to the address → submit it →
 * done.
 *
 * Input: `{ resendSeconds? }`.
 *
 * States
 * - `idle`          closed. `user.start` → `open.editing`.
 * - `open`          the code button (`smsCode` child, scene email_bind, to the typed address).
 *   - `.editing`    `user.input { field: 'email' | 'code' }`; `user.requestCode` with a valid
 *                   address while the button is idle; `user.submit` with a valid address and 6
 *                   digits → `.submitting`; `user.cancel` → `idle`.
 *   - `.submitting` actor `bindEmail` ({ email, code } → { email: masked }). Done → `done`, action
 *                   `changed` (the app reloads the account); error → `.editing` with the refusal
 *                   (wrong code, address bound to another account…).
 * - `done`          `boundEmail` (masked). `user.close` → `idle`.
 *
 * Tags: `open` (all but idle), `busy` (submitting).
 * Actors (the app provides them): `smsCode` (with its `sendCode`), `bindEmail`.
 */

export type EmailBindField = 'email' | 'code';

export interface EmailBindContext extends CodeButtonContext {
  email: string;
  code: string;
  boundEmail: string | null;
  error: string | null;
  resendSeconds: number;
}

export type EmailBindEvent =
  | { type: 'user.start' }
  | { type: 'user.input'; field: EmailBindField; value: string }
  | { type: 'user.requestCode' }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.close' };

const fresh = {
  ...IDLE_CODE_BUTTON,
  email: '',
  code: '',
  boundEmail: null,
  error: null,
} satisfies Omit<EmailBindContext, 'resendSeconds'>;

export const emailBindMachine = setup({
  types: {} as {
    input: { resendSeconds?: number } | undefined;
    context: EmailBindContext;
    events: EmailBindEvent;
    tags: 'open' | 'busy';
  },
  actors: {
    smsCode: smsCodeMachine,
    bindEmail: fromPromise<{ email: string }, { email: string; code: string }>(
      notProvided('emailBindMachine', 'bindEmail'),
    ),
  },
  guards: {
    emailValid: ({ context }) => isEmail(context.email),
    codeValid: ({ context }) => isCode(context.code),
    codeReady: ({ context }) => context.codeReady,
  },
  actions: {
    /** The app reloads the account (provided with `machine.provide`). */
    changed: () => {},
    setField: assign(({ event }) => (event.type === 'user.input' ? { [event.field]: event.value, error: null } : {})),
    mirrorButton: assign(({ context, event }) =>
      'snapshot' in event ? mirrorSmsCode(context, event.snapshot as SnapshotFrom<typeof smsCodeMachine>) : {},
    ),
  },
}).createMachine({
  id: 'emailBind',
  context: ({ input }) => ({ ...fresh, resendSeconds: input?.resendSeconds ?? RESEND_SECONDS }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.start': { target: 'open', actions: assign(fresh) } },
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
            'user.requestCode': {
              guard: and(['emailValid', 'codeReady']),
              actions: [
                assign({ error: null }),
                sendTo('code', ({ context }) => ({
                  type: 'user.requestCode' as const,
                  request: { scene: 'email_bind', email: context.email.trim() },
                })),
              ],
            },
            'user.submit': { guard: and(['emailValid', 'codeValid']), target: 'submitting' },
            'user.cancel': { target: '#emailBind.idle' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'bindEmail',
            src: 'bindEmail',
            input: ({ context }) => ({ email: context.email.trim(), code: context.code }),
            onDone: {
              target: '#emailBind.done',
              actions: [assign({ boundEmail: ({ event }) => event.output.email, error: null }), 'changed'],
            },
            onError: {
              target: 'editing',
              actions: assign({ error: ({ event }) => errorMessage(event.error) }),
            },
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

export type EmailBindSnapshot = SnapshotFrom<typeof emailBindMachine>;
export type EmailBindActor = ActorRefFrom<typeof emailBindMachine>;

export type EmailBindStep = 'idle' | 'editing' | 'submitting' | 'done';

/** Plain props of the 邮箱 panel (with the code button's and the form's common ones). */
export interface EmailBindView extends CodeFormView {
  step: EmailBindStep;
  email: string;
  code: string;
  boundEmail: string | null;
}

function stepOf(snapshot: EmailBindSnapshot): EmailBindStep {
  if (snapshot.matches({ open: 'editing' })) return 'editing';
  if (snapshot.matches({ open: 'submitting' })) return 'submitting';
  if (snapshot.matches('done')) return 'done';
  return 'idle';
}

export function selectEmailBindView(snapshot: EmailBindSnapshot): EmailBindView {
  const c = snapshot.context;
  return {
    ...selectCodeForm(snapshot),
    step: stepOf(snapshot),
    email: c.email,
    code: c.code,
    boundEmail: c.boundEmail,
  };
}
