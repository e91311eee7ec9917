import { assign } from 'xstate';
import { FeedbackState } from '../../openapi/enums';
import { canMove, memberMayAddReply, type FeedbackStateValue } from '../../openapi/rules/feedback';
import { errorMessage } from '../shared';
import { feedbackSetup, forwardShots, SCREENSHOTS_INPUT, stateOf } from './setup';
import { FEEDBACK_STATE_NODES, type FeedbackContext } from './types';

/**
 * One ticket (`{ ticketId }`, or the form's ticket once made): loading it, and its six states
 * with the member's moves in each.
 */

const S = FeedbackState.values;

type TicketGuard = { guard: ({ context }: { context: FeedbackContext }) => boolean; target: string };

/** Route to the node of the held ticket's state; the contract admits only these six. */
function byTicketState(): [...TicketGuard[], { target: string }] {
  const entries = Object.entries(FEEDBACK_STATE_NODES).filter(([, node]) => node !== 'confirmed');
  return [
    ...entries.map(([value, node]) => ({
      guard: ({ context }: { context: FeedbackContext }) => stateOf(context) === Number(value),
      target: node,
    })),
    { target: 'confirmed' },
  ];
}

/**
 * One ticket state: only the member moves the rules allow from `state` are events of it at all;
 * the guards then ask the rules (for the ticket as now held) and the server's `can`.
 */
function ticketState(state: FeedbackStateValue) {
  const replies = memberMayAddReply(state) || canMove('memberReply', state);
  const moves = {
    ...(replies
      ? ({
          ...forwardShots,
          'user.setReply': { actions: 'setReply' },
          'user.reply': [
            { guard: 'replyReady', target: 'sending', actions: 'startReply' },
            { guard: 'mayReply', actions: { type: 'showForm', params: { form: 'reply' } } },
          ],
        } as const)
      : {}),
    ...(canMove('confirm', state)
      ? ({ 'user.confirm': { guard: 'mayConfirm', target: 'sending', actions: 'startConfirm' } } as const)
      : {}),
    ...(canMove('reopen', state)
      ? ({
          'user.setReason': { actions: 'setReason' },
          'user.reopen': [
            { guard: 'reopenReady', target: 'sending', actions: 'startReopen' },
            { guard: 'mayReopen', actions: { type: 'showForm', params: { form: 'reopen' } } },
          ],
        } as const)
      : {}),
    ...(state === S.CONFIRMED
      ? ({
          'user.setStars': { actions: 'setStars' },
          'user.setComment': { actions: 'setComment' },
          'user.rate': [
            { guard: 'rateReady', target: 'sending', actions: 'startRate' },
            { guard: 'mayRate', actions: { type: 'showForm', params: { form: 'rate' } } },
          ],
        } as const)
      : {}),
  };
  return {
    tags: ['ticket'],
    entry: 'resetShots',
    ...(replies ? ({ invoke: { id: 'screenshots', src: 'screenshots', input: SCREENSHOTS_INPUT } } as const) : {}),
    on: {
      'user.refresh': { target: '#feedback.loading', actions: 'clearNotice' },
      ...(replies ? ({ 'screenshots.changed': { actions: 'mirrorShots' } } as const) : {}),
    },
    initial: 'idle',
    states: {
      idle: { on: moves },
      sending: {
        tags: ['busy'],
        entry: 'clearActionError',
        invoke: {
          id: 'act',
          src: 'act',
          input: ({ context }: { context: FeedbackContext }) => context.move!,
          onDone: { target: '#feedback.routeTicket', actions: ['keepTicket', 'moved'] },
          onError: [
            { guard: 'stale', target: '#feedback.loading', actions: 'movedOn' },
            { target: 'idle', actions: 'actionFailed' },
          ],
        },
      },
    },
  } as const;
}

/** The ticket flow's states, next to `start` and `composing` in the machine. */
export const ticketStates = {
  loading: feedbackSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      id: 'loadTicket',
      src: 'loadTicket',
      input: ({ context }) => ({ ticketId: context.ticketId ?? 0 }),
      onDone: { target: 'routeTicket', actions: 'keepTicket' },
      onError: [
        { guard: 'notFound', target: 'notFound' },
        {
          guard: 'hasTicket',
          target: 'routeTicket',
          actions: assign({ refreshError: ({ event }) => errorMessage(event.error) }),
        },
        { target: 'loadFailed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      ],
    },
  }),
  loadFailed: feedbackSetup.createStateConfig({
    on: { 'user.retry': 'loading' },
  }),
  notFound: {},
  /** Transient: the node of the held ticket's state. */
  routeTicket: {
    always: byTicketState(),
  },
  toAccept: ticketState(S.TO_ACCEPT),
  toHandle: ticketState(S.TO_HANDLE),
  processing: ticketState(S.PROCESSING),
  awaitingFeedback: ticketState(S.AWAITING_FEEDBACK),
  awaitingConfirmation: ticketState(S.AWAITING_CONFIRMATION),
  confirmed: ticketState(S.CONFIRMED),
};
