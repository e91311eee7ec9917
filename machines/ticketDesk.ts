import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { Code } from '../openapi/codes';
import { REPLY_TEXT } from '../openapi/rules/feedback';
import { Reason } from '../openapi/rules/staff';
import type { TicketDetail, TicketMoved } from '../openapi/schemas/adminFeedback';
import { codeOf, errorMessage, notProvided } from './shared';

/**
 * One ticket on the console's feedback desk (反馈处理): open it, read it, and move it — 接单,
 * 处理中, 请会员补充 (ask) or 答复会员 (answer) with the text of the reply box, 关闭 with a reason the
 * member reads. The ticket's `can` (from the server's table of moves) decides which moves are
 * offered; the server decides again.
 *
 * States
 * - `idle`      no ticket open. `user.open { id }` (anywhere) → `loading`; `{ id: null }` → `idle`.
 * - `loading`   actor `loadTicket` (id → TicketDetail). Done → `ready`. Error → `failed` (a missing
 *               ticket says so). The ticket shown before (after a move) stays while it loads.
 * - `failed`    `user.retry` → `loading`.
 * - `ready`     `user.input { text }` (the reply box); `user.take` / `user.process` when the ticket
 *               allows it, `user.reply { kind: ask | answer }` when it allows it and the text is
 *               1–REPLY_TEXT.max characters → `moving`; `user.close` when it allows it → `closing`.
 * - `closing`   the reason dialog: `user.reason { value }`; `user.confirm` when the reason passes
 *               the staff rule → `moving`; `user.cancel` → `ready`.
 * - `moving`    actor `move` ({ id, move }). Done → action `moved` (the page asks its queue again),
 *               a notice of what was done, the reply box emptied after a reply → `loading` (the
 *               ticket again). Refused because someone else moved it first (ALREADY_DECIDED: taken
 *               by a colleague; FEEDBACK_STATE_CONFLICT) → `loading` with the refusal, so the desk
 *               shows where the ticket is now. Any other failure → back where it came from
 *               (`closing` for a close) with the message, the text kept.
 *
 * Tags: `busy` (moving), `loading` (loading).
 */

export type DeskTicket = z.output<typeof TicketDetail>;
export type DeskMoved = z.output<typeof TicketMoved>;

export type DeskMoveRequest =
  | { kind: 'take' }
  | { kind: 'process' }
  | { kind: 'ask' | 'answer'; content: string }
  | { kind: 'close'; reason: string };
export type DeskMoveKind = DeskMoveRequest['kind'];

export interface MoveInput {
  id: number;
  move: DeskMoveRequest;
}

export interface TicketDeskContext {
  id: number | null;
  ticket: DeskTicket | null;
  /** The reply box. */
  draft: string;
  /** The close dialog's reason. */
  reason: string;
  /** The move being sent. */
  pending: DeskMoveRequest | null;
  error: string | null;
  notFound: boolean;
  /** What the last move did. */
  notice: string | null;
}

export type TicketDeskEvent =
  | { type: 'user.open'; id: number | null }
  | { type: 'user.retry' }
  | { type: 'user.input'; text: string }
  | { type: 'user.take' }
  | { type: 'user.process' }
  | { type: 'user.reply'; kind: 'ask' | 'answer' }
  | { type: 'user.close' }
  | { type: 'user.reason'; value: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

/** What the desk says once a move is made. */
export const MOVE_DONE: Record<DeskMoveKind, string> = {
  take: '已接单',
  process: '已标记为处理中',
  ask: '已请会员补充信息',
  answer: '已答复会员，等待会员确认',
  close: '已关闭这条反馈',
};

export const replyReady = (text: string) => {
  const n = [...text.trim()].length;
  return n >= REPLY_TEXT.min && n <= REPLY_TEXT.max;
};
export const reasonReady = (text: string) => Reason.safeParse(text).success;

/** Refusals meaning the ticket moved under us: a colleague took it or moved it first. */
export const movedElsewhere = (error: unknown) =>
  codeOf(error) === Code.ALREADY_DECIDED || codeOf(error) === Code.FEEDBACK_STATE_CONFLICT;

const fresh = {
  ticket: null,
  draft: '',
  reason: '',
  pending: null,
  error: null,
  notFound: false,
  notice: null,
} as const;

export const ticketDeskMachine = setup({
  types: {} as {
    context: TicketDeskContext;
    events: TicketDeskEvent;
    tags: 'busy' | 'loading';
  },
  actors: {
    loadTicket: fromPromise<DeskTicket, { id: number }>(notProvided('ticketDeskMachine', 'loadTicket')),
    move: fromPromise<DeskMoved, MoveInput>(notProvided('ticketDeskMachine', 'move')),
  },
  guards: {
    opensTicket: ({ event }) => event.type === 'user.open' && event.id !== null,
    canTake: ({ context }) => !!context.ticket?.can.take,
    canProcess: ({ context }) => !!context.ticket?.can.process,
    canReply: ({ context, event }) =>
      event.type === 'user.reply' && !!context.ticket?.can[event.kind] && replyReady(context.draft),
    canClose: ({ context }) => !!context.ticket?.can.close,
    reasonReady: ({ context }) => reasonReady(context.reason),
    notFound: ({ event }) => codeOf((event as { error?: unknown }).error) === Code.NOT_FOUND,
    movedElsewhere: ({ event }) => movedElsewhere((event as { error?: unknown }).error),
    wasClosing: ({ context }) => context.pending?.kind === 'close',
  },
  actions: {
    /** The page asks its queue again (provided). */
    moved: () => undefined,
  },
}).createMachine({
  id: 'ticketDesk',
  context: { id: null, ...fresh },
  initial: 'idle',
  on: {
    'user.open': [
      { guard: 'opensTicket', target: '.loading', actions: assign(({ event }) => ({ id: event.id, ...fresh })) },
      { target: '.idle', actions: assign({ id: null, ...fresh }) },
    ],
  },
  states: {
    idle: {},
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadTicket',
        src: 'loadTicket',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ticket: event.output })) },
        onError: [
          {
            guard: 'notFound',
            target: 'failed',
            actions: assign(({ event }) => ({ ticket: null, notFound: true, error: errorMessage(event.error) })),
          },
          { target: 'failed', actions: assign(({ event }) => ({ error: errorMessage(event.error), notice: null })) },
        ],
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: assign({ error: null, notFound: false }) } },
    },
    ready: {
      on: {
        'user.input': { actions: assign(({ event }) => ({ draft: event.text, error: null })) },
        'user.take': {
          guard: 'canTake',
          target: 'moving',
          actions: assign({ pending: { kind: 'take' }, error: null, notice: null }),
        },
        'user.process': {
          guard: 'canProcess',
          target: 'moving',
          actions: assign({ pending: { kind: 'process' }, error: null, notice: null }),
        },
        'user.reply': {
          guard: 'canReply',
          target: 'moving',
          actions: assign(({ context, event }) => ({
            pending: { kind: event.kind, content: context.draft.trim() },
            error: null,
            notice: null,
          })),
        },
        'user.close': {
          guard: 'canClose',
          target: 'closing',
          actions: assign({ reason: '', error: null, notice: null }),
        },
      },
    },
    closing: {
      on: {
        'user.reason': { actions: assign(({ event }) => ({ reason: event.value, error: null })) },
        'user.confirm': {
          guard: 'reasonReady',
          target: 'moving',
          actions: assign(({ context }) => ({
            pending: { kind: 'close', reason: context.reason.trim() },
            error: null,
          })),
        },
        'user.cancel': { target: 'ready', actions: assign({ reason: '', error: null }) },
      },
    },
    moving: {
      tags: ['busy'],
      invoke: {
        id: 'move',
        src: 'move',
        input: ({ context }) => ({ id: context.id!, move: context.pending! }),
        onDone: {
          target: 'loading',
          actions: [
            assign(({ context }) => {
              const kind = context.pending!.kind;
              const replied = kind === 'ask' || kind === 'answer';
              return {
                notice: MOVE_DONE[kind],
                pending: null,
                reason: '',
                ...(replied ? { draft: '' } : {}),
              };
            }),
            'moved',
          ],
        },
        onError: [
          {
            guard: 'movedElsewhere',
            target: 'loading',
            actions: [
              assign(({ event }) => ({ error: errorMessage(event.error), pending: null, reason: '' })),
              'moved',
            ],
          },
          {
            guard: 'wasClosing',
            target: 'closing',
            actions: assign(({ event }) => ({ error: errorMessage(event.error), pending: null })),
          },
          { target: 'ready', actions: assign(({ event }) => ({ error: errorMessage(event.error), pending: null })) },
        ],
      },
    },
  },
});

export type TicketDeskSnapshot = SnapshotFrom<typeof ticketDeskMachine>;

/** What the desk's ticket panel shows. */
export interface TicketDeskView {
  status: 'idle' | 'loading' | 'ready' | 'error' | 'notFound';
  ticket: DeskTicket | null;
  draft: string;
  /** The reply box holds more than a reply may. */
  draftTooLong: boolean;
  /** The close dialog, when open. */
  closing: { reason: string; error: string | null; busy: boolean } | null;
  /** The move being sent. */
  busy: DeskMoveKind | null;
  /** A move is being sent or the ticket is loading again. */
  locked: boolean;
  /** A refusal or failure (not the close dialog's: that one shows in the dialog). */
  error: string | null;
  notice: string | null;
  can: { take: boolean; process: boolean; ask: boolean; answer: boolean; close: boolean };
}

export function selectTicketDesk(snapshot: TicketDeskSnapshot): TicketDeskView {
  const c = snapshot.context;
  const moving = snapshot.matches('moving');
  const closingOpen = snapshot.matches('closing') || (moving && c.pending?.kind === 'close');
  const status = snapshot.matches('idle')
    ? 'idle'
    : snapshot.matches('failed')
      ? c.notFound
        ? 'notFound'
        : 'error'
      : snapshot.matches('loading') && !c.ticket
        ? 'loading'
        : 'ready';
  const can = (event: TicketDeskEvent) => snapshot.can(event);
  return {
    status,
    ticket: c.ticket,
    draft: c.draft,
    draftTooLong: [...c.draft.trim()].length > REPLY_TEXT.max,
    closing: closingOpen
      ? { reason: c.reason, error: snapshot.matches('closing') ? c.error : null, busy: moving }
      : null,
    busy: moving ? (c.pending?.kind ?? null) : null,
    locked: moving || snapshot.matches('loading'),
    error: closingOpen ? null : c.error,
    notice: c.notice,
    can: {
      take: can({ type: 'user.take' }),
      process: can({ type: 'user.process' }),
      ask: can({ type: 'user.reply', kind: 'ask' }),
      answer: can({ type: 'user.reply', kind: 'answer' }),
      close: can({ type: 'user.close' }),
    },
  };
}
