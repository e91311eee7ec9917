import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { Reason, TotpCode } from '../openapi/rules/staff';
import { errorMessage, isUncertain, notProvided } from './shared';

/**
 * One staff move on a console page (freeze a member, end their sessions, send them a message, show
 * their full contact…): the dialog's fields, the reason written to the audit log, a fresh
 * authenticator code when the move asks for one, the call, and the outcome. Any console page can
 * run it: the page names the move when it opens the dialog and provides the `submit` actor that
 * makes the move's call (by `move`), and the `done` action that shows the outcome.
 *
 * States
 * - `idle`        no dialog. `user.open { move, fields?, required?, withReason?, withCode? }` → `editing`.
 * - `editing`     `user.input { field, value }` (`reason`, `code`, or one of the move's own fields);
 *                 `user.submit` when ready (the reason passes the rule when asked — 2 to 200
 *                 characters —, the code is 6 digits when asked, each `required` field is filled)
 *                 → `submitting`; `user.cancel` → `idle`.
 * - `submitting`  actor `submit` ({ move, fields (trimmed), reason?, totp? } → the answer). Done →
 *                 `done`, action `done` ({ move, output }). Error → `editing` with the refusal's
 *                 zh-CN message (the code cleared: a code is good once); no answer at all (the
 *                 network, a server crash) → `editing` with `uncertain`, saying plainly that the
 *                 move may have been made and to look before trying again.
 * - `done`        the outcome shows until `user.close` → `idle`; `user.open` starts another move.
 *
 * Tags: `busy` (submitting).
 */

export interface StaffMoveOpen {
  type: 'user.open';
  /** Which move (the page's own name for it, e.g. `freeze`); handed to `submit` and `done`. */
  move: string;
  /** The move's own fields and their first values (a message's title and content). */
  fields?: Record<string, string>;
  /** Fields that must not be blank. */
  required?: readonly string[];
  /** Whether the move asks for a reason (written to the audit log); true unless said. */
  withReason?: boolean;
  /** Whether the move asks for a fresh authenticator code (`freshTotp` in the contract); false unless said. */
  withCode?: boolean;
}

export type StaffMoveEvent =
  | StaffMoveOpen
  | { type: 'user.input'; field: string; value: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.close' };

export interface StaffMoveContext {
  move: string | null;
  fields: Record<string, string>;
  required: readonly string[];
  withReason: boolean;
  withCode: boolean;
  reason: string;
  code: string;
  error: string | null;
  /** The last try got no answer: the move may have been made. */
  uncertain: boolean;
  /** The answer of the move made (in `done`). */
  result: unknown;
}

/** What `submit` is given: the move, its fields trimmed, and the reason and code when asked. */
export interface StaffMoveRequest {
  move: string;
  fields: Record<string, string>;
  reason?: string;
  totp?: string;
}

/** Said when a move got no answer: it may have been made. */
export const LOST_ANSWER_MSG = '没有收到服务器的答复，这次操作可能已经生效。请先刷新页面查看当前状态，再决定是否重试';

const isReason = (reason: string) => Reason.safeParse(reason).success;
const isCode = (code: string) => TotpCode.safeParse(code).success;

/** Whether the dialog may be sent: the reason, the code and the required fields as the move asks. */
export function moveReady(c: StaffMoveContext): boolean {
  return (
    (!c.withReason || isReason(c.reason)) &&
    (!c.withCode || isCode(c.code)) &&
    c.required.every((f) => (c.fields[f] ?? '').trim() !== '')
  );
}

const closed = {
  move: null,
  fields: {},
  required: [],
  withReason: true,
  withCode: false,
  reason: '',
  code: '',
  error: null,
  uncertain: false,
  result: null,
} satisfies StaffMoveContext;

const trimmed = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()]));

export const staffMoveMachine = setup({
  types: {} as {
    context: StaffMoveContext;
    events: StaffMoveEvent;
    tags: 'busy';
  },
  actors: {
    submit: fromPromise<unknown, StaffMoveRequest>(notProvided('staffMoveMachine', 'submit')),
  },
  guards: {
    ready: ({ context }) => moveReady(context),
  },
  actions: {
    /** The page shows the outcome (reloads what the move changed…) (provided). */
    done: (_, _made: { move: string; output: unknown }) => undefined,
    open: assign(({ event }) => {
      if (event.type !== 'user.open') return {};
      return {
        ...closed,
        move: event.move,
        fields: { ...(event.fields ?? {}) },
        required: [...(event.required ?? [])],
        withReason: event.withReason ?? true,
        withCode: event.withCode ?? false,
      };
    }),
    input: assign(({ context, event }) => {
      if (event.type !== 'user.input') return {};
      if (event.field === 'reason') return { reason: event.value, error: null };
      if (event.field === 'code') return { code: event.value, error: null };
      return { fields: { ...context.fields, [event.field]: event.value }, error: null };
    }),
    close: assign(() => closed),
  },
}).createMachine({
  id: 'staffMove',
  context: closed,
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.open': { target: 'editing', actions: 'open' } },
    },
    editing: {
      on: {
        'user.input': { actions: 'input' },
        'user.submit': { guard: 'ready', target: 'submitting' },
        'user.cancel': { target: 'idle', actions: 'close' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          move: context.move!,
          fields: trimmed(context.fields),
          ...(context.withReason ? { reason: context.reason.trim() } : {}),
          ...(context.withCode ? { totp: context.code.trim() } : {}),
        }),
        onDone: {
          target: 'done',
          actions: [
            assign(({ event }) => ({ result: event.output, error: null, uncertain: false, code: '' })),
            {
              type: 'done',
              params: ({ context, event }: { context: StaffMoveContext; event: { output: unknown } }) => ({
                move: context.move!,
                output: event.output,
              }),
            },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const lost = isUncertain(event.error);
            return { error: lost ? LOST_ANSWER_MSG : errorMessage(event.error), uncertain: lost, code: '' };
          }),
        },
      },
    },
    done: {
      on: {
        'user.close': { target: 'idle', actions: 'close' },
        'user.open': { target: 'editing', actions: 'open' },
      },
    },
  },
});

export type StaffMoveSnapshot = SnapshotFrom<typeof staffMoveMachine>;

/** What a page's view needs from the machine. */
export interface StaffMoveViewState {
  /** The dialog of this move is open (editing or sending). */
  editing: string | null;
  /** The move just made (its outcome shows), until closed or another starts. */
  made: string | null;
  fields: Record<string, string>;
  reason: string;
  code: string;
  withReason: boolean;
  withCode: boolean;
  busy: boolean;
  canSubmit: boolean;
  error: string | null;
  uncertain: boolean;
  result: unknown;
}

export function selectStaffMove(snapshot: StaffMoveSnapshot): StaffMoveViewState {
  const c = snapshot.context;
  const open = snapshot.matches('editing') || snapshot.matches('submitting');
  const busy = snapshot.hasTag('busy');
  return {
    editing: open ? c.move : null,
    made: snapshot.matches('done') ? c.move : null,
    fields: c.fields,
    reason: c.reason,
    code: c.code,
    withReason: c.withReason,
    withCode: c.withCode,
    busy,
    canSubmit: !busy && snapshot.can({ type: 'user.submit' }),
    error: c.error,
    uncertain: c.uncertain,
    result: snapshot.matches('done') ? c.result : null,
  };
}
