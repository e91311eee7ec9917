import { and, assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import { isCode, isMobile } from '../openapi/rules/mobile';
import { RESEND_SECONDS, codeOf, errorMessage, notProvided } from './shared';
import {
  IDLE_CODE_BUTTON,
  mirrorSmsCode,
  selectCodeForm,
  smsCodeMachine,
  type CodeButtonContext,
  type CodeFormView,
} from './smsCode';

/**
 * 更换手机号 in the personal centre (`/home/user`), or the first bind of a member who signed up
 * with a social account and has none: verify the old number → enter the new one → done.
 *
 * Input: `{ resendSeconds? }` (the code buttons' countdown when the server names none).
 *
 * States
 * - `idle`            closed. `user.start { hasMobile }` → `start`.
 * - `start`           transient: `old` when the member has a mobile, else `new` (first bind).
 * - `old`             a code to the bound number: the `oldCode` child (machines/smsCode.ts, scene
 *                     change_mobile) is the button.
 *   - `.editing`      `user.input { field: 'code' }`; `user.requestCode` while the button is idle;
 *                     `user.submit` with 6 digits → `.checking`; `user.cancel` → `idle`.
 *   - `.checking`     actor `checkOld` ({ code } → { verifyTicket }). Done → `new` (the ticket
 *                     kept); error → `.editing` with the refusal.
 * - `new`             the new number and its code: the `newCode` child (scene new_mobile, with the
 *                     ticket) is the button.
 *   - `.editing`      `user.input { field: 'mobile' | 'code' }`; `user.requestCode` with a valid
 *                     number while the button is idle; `user.submit` with a valid number and 6
 *                     digits → `.submitting`; `user.cancel` → `idle`.
 *   - `.submitting`   actor `changeMobile` ({ mobile, code, verifyTicket }). Done → `done` and action
 *                     `changed({ mobile })` (the app refreshes the account and the header). Error:
 *                     the old number's ticket is no longer good (VERIFY_TICKET_INVALID, e.g. more than
 *                     10 minutes passed) → `old` to verify it again, with the message; any other →
 *                     `.editing` with the refusal (number taken, wrong code…).
 * - `done`            `newMobile` (masked as the server answered). `user.close` → `idle`.
 *
 * Tags: `open` (all but idle), `busy` (checking, submitting). Each step's button is its own child,
 * so the new number gets a fresh countdown; a failed send's message shows as `error`.
 * Actors (the app provides them; it encrypts): `smsCode` (with its `sendCode`), `checkOld`,
 * `changeMobile`. Action: `changed`.
 */

export interface MobileChangeContext extends CodeButtonContext {
  /** The member had a mobile when the change started (false: first bind, no old-number step). */
  hadMobile: boolean;
  code: string;
  mobile: string;
  /** The old number's verify ticket (/v1/sms/check, change_mobile), once it passed. */
  verifyTicket: string | null;
  /** The new number, masked, once changed. */
  newMobile: string | null;
  error: string | null;
  resendSeconds: number;
}

export type MobileChangeField = 'code' | 'mobile';

export type MobileChangeEvent =
  | { type: 'user.start'; hasMobile: boolean }
  | { type: 'user.input'; field: MobileChangeField; value: string }
  | { type: 'user.requestCode' }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.close' };

export interface ChangeMobileInput {
  mobile: string;
  code: string;
  verifyTicket: string | null;
}

const fresh = {
  ...IDLE_CODE_BUTTON,
  hadMobile: true,
  code: '',
  mobile: '',
  verifyTicket: null,
  newMobile: null,
  error: null,
} satisfies Omit<MobileChangeContext, 'resendSeconds'>;

const mobileChangeSetup = setup({
  types: {} as {
    input: { resendSeconds?: number } | undefined;
    context: MobileChangeContext;
    events: MobileChangeEvent;
    tags: 'open' | 'busy';
  },
  actors: {
    smsCode: smsCodeMachine,
    checkOld: fromPromise<{ verifyTicket: string }, { code: string }>(notProvided('mobileChangeMachine', 'checkOld')),
    changeMobile: fromPromise<{ mobile: string }, ChangeMobileInput>(
      notProvided('mobileChangeMachine', 'changeMobile'),
    ),
  },
  guards: {
    hasMobile: ({ context }) => context.hadMobile,
    codeValid: ({ context }) => isCode(context.code),
    mobileValid: ({ context }) => isMobile(context.mobile),
    codeReady: ({ context }) => context.codeReady,
    isField: ({ event }, params: { fields: readonly MobileChangeField[] }) =>
      event.type === 'user.input' && params.fields.includes(event.field),
    ticketGone: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.VERIFY_TICKET_INVALID,
  },
  actions: {
    /** The app refreshes the account and the header's user (provided with `machine.provide`). */
    changed: (_, _changed: { mobile: string }) => {},
    setField: assign(({ event }) => (event.type === 'user.input' ? { [event.field]: event.value, error: null } : {})),
    keepError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
    resetButton: assign(IDLE_CODE_BUTTON),
    mirrorButton: assign(({ context, event }) =>
      'snapshot' in event ? mirrorSmsCode(context, event.snapshot as SnapshotFrom<typeof smsCodeMachine>) : {},
    ),
  },
});

/** A step's own code button: the `smsCode` child, its snapshots mirrored into the context. */
const codeButton = (id: 'oldCode' | 'newCode') =>
  ({
    id,
    src: 'smsCode',
    input: ({ context }: { context: MobileChangeContext }) => ({ resendSeconds: context.resendSeconds }),
    onSnapshot: { actions: 'mirrorButton' },
  }) as const;

export const mobileChangeMachine = mobileChangeSetup.createMachine({
  id: 'mobileChange',
  context: ({ input }) => ({ ...fresh, resendSeconds: input?.resendSeconds ?? RESEND_SECONDS }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.start': {
          target: 'start',
          actions: assign(({ event }) => ({ ...fresh, hadMobile: event.hasMobile })),
        },
      },
    },
    start: {
      always: [{ guard: 'hasMobile', target: 'old' }, { target: 'new' }],
    },
    old: {
      tags: ['open'],
      entry: 'resetButton',
      invoke: codeButton('oldCode'),
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.input': { guard: { type: 'isField', params: { fields: ['code'] } }, actions: 'setField' },
            'user.requestCode': {
              guard: 'codeReady',
              actions: [
                assign({ error: null }),
                sendTo('oldCode', { type: 'user.requestCode' as const, request: { scene: 'change_mobile' } }),
              ],
            },
            'user.submit': { guard: 'codeValid', target: 'checking' },
            'user.cancel': { target: '#mobileChange.idle' },
          },
        },
        checking: {
          tags: ['busy'],
          invoke: {
            id: 'checkOld',
            src: 'checkOld',
            input: ({ context }) => ({ code: context.code }),
            onDone: {
              target: '#mobileChange.new',
              actions: assign({ verifyTicket: ({ event }) => event.output.verifyTicket, code: '', error: null }),
            },
            onError: { target: 'editing', actions: 'keepError' },
          },
        },
      },
    },
    new: {
      tags: ['open'],
      entry: 'resetButton',
      invoke: codeButton('newCode'),
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.input': { guard: { type: 'isField', params: { fields: ['mobile', 'code'] } }, actions: 'setField' },
            'user.requestCode': {
              guard: and(['mobileValid', 'codeReady']),
              actions: [
                assign({ error: null }),
                sendTo('newCode', ({ context }) => ({
                  type: 'user.requestCode' as const,
                  request: {
                    scene: 'new_mobile',
                    mobile: context.mobile,
                    ...(context.verifyTicket ? { verifyTicket: context.verifyTicket } : {}),
                  },
                })),
              ],
            },
            'user.submit': { guard: and(['mobileValid', 'codeValid']), target: 'submitting' },
            'user.cancel': { target: '#mobileChange.idle' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'changeMobile',
            src: 'changeMobile',
            input: ({ context }) => ({
              mobile: context.mobile,
              code: context.code,
              verifyTicket: context.verifyTicket,
            }),
            onDone: {
              target: '#mobileChange.done',
              actions: [
                assign({ newMobile: ({ event }) => event.output.mobile, error: null }),
                { type: 'changed', params: ({ event }) => event.output },
              ],
            },
            onError: [
              {
                guard: 'ticketGone',
                target: '#mobileChange.old',
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

export type MobileChangeSnapshot = SnapshotFrom<typeof mobileChangeMachine>;
export type MobileChangeActor = ActorRefFrom<typeof mobileChangeMachine>;

export type MobileChangeStep = 'idle' | 'verifyOld' | 'checkingOld' | 'enterNew' | 'submitting' | 'done';

/** Plain props of the 更换手机号 panel (with the code button's and the form's common ones). */
export interface MobileChangeView extends CodeFormView {
  step: MobileChangeStep;
  /** No old number to verify: the member binds a first one. */
  firstBind: boolean;
  code: string;
  mobile: string;
  newMobile: string | null;
}

function stepOf(snapshot: MobileChangeSnapshot): MobileChangeStep {
  if (snapshot.matches({ old: 'editing' })) return 'verifyOld';
  if (snapshot.matches({ old: 'checking' })) return 'checkingOld';
  if (snapshot.matches({ new: 'editing' })) return 'enterNew';
  if (snapshot.matches({ new: 'submitting' })) return 'submitting';
  if (snapshot.matches('done')) return 'done';
  return 'idle';
}

export function selectMobileChangeView(snapshot: MobileChangeSnapshot): MobileChangeView {
  const c = snapshot.context;
  return {
    ...selectCodeForm(snapshot),
    step: stepOf(snapshot),
    firstBind: !c.hadMobile,
    code: c.code,
    mobile: c.mobile,
    newMobile: c.newMobile,
  };
}
