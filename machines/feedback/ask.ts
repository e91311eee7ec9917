import { assign, sendTo } from 'xstate';
import { FeedbackCategory } from '../../openapi/enums';
import { errorMessage } from '../shared';
import { submitOnceInput } from '../submitOnce';
import { feedbackSetup, forwardShots, SCREENSHOTS_INPUT } from './setup';
import type { CreateFeedbackRequest, FeedbackContext } from './types';

/**
 * The form (`composing`): the record the URL names, the category, the description and the
 * screenshots, sent once by the `submitOnce` child; a ticket made lands in its state
 * (`#feedback.routeTicket`, machines/feedback/ticket.ts).
 */

/** What the form sends (the `submitOnce` child adds its key). */
function createRequest(c: FeedbackContext): Omit<CreateFeedbackRequest, 'requestKey'> {
  return {
    category: c.category ?? FeedbackCategory.values.OTHER,
    content: c.content.trim(),
    images: c.images,
    ...(c.ref ?? {}),
  };
}

export const composing = feedbackSetup.createStateConfig({
  entry: 'resetShots',
  invoke: [
    { id: 'screenshots', src: 'screenshots', input: SCREENSHOTS_INPUT },
    { id: 'submitOnce', src: 'submitOnce', input: ({ self }) => submitOnceInput(self, 'create') },
  ],
  on: { 'screenshots.changed': { actions: 'mirrorShots' } },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasRef', target: 'loadingRecord' }, { target: 'editing' }],
    },
    loadingRecord: {
      tags: ['busy'],
      entry: assign({ recordError: null }),
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => context.ref ?? {},
        onDone: { target: 'editing', actions: assign({ record: ({ event }) => event.output }) },
        onError: [
          {
            guard: 'recordGone',
            target: 'editing',
            actions: assign({ ref: null, record: null, recordMissing: true }),
          },
          { target: 'editing', actions: assign({ recordError: ({ event }) => errorMessage(event.error) }) },
        ],
      },
      on: {
        'user.setCategory': { actions: assign({ category: ({ event }) => event.category }) },
        'user.setContent': { actions: assign({ content: ({ event }) => event.value }) },
        ...forwardShots,
      },
    },
    editing: {
      on: {
        'user.setCategory': { actions: assign({ category: ({ event }) => event.category, error: null }) },
        'user.setContent': { actions: assign({ content: ({ event }) => event.value, error: null }) },
        ...forwardShots,
        'user.retryRecord': { guard: 'recordFailed', target: 'loadingRecord' },
        'user.submit': [
          {
            guard: 'askValid',
            target: 'submitting',
            actions: sendTo('submitOnce', ({ context }) => ({
              type: 'submit' as const,
              request: createRequest(context),
            })),
          },
          { actions: assign({ showErrors: true }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ error: null }),
      on: {
        'submit.done': { target: '#feedback.routeTicket', actions: 'keepTicket' },
        'submit.uncertain': {
          target: 'networkError',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
        'submit.refused': [
          {
            guard: 'recordRefused',
            target: 'editing',
            actions: assign({
              error: ({ event }) => errorMessage(event.error),
              ref: null,
              record: null,
              recordMissing: true,
              recordError: null,
            }),
          },
          { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    networkError: {
      on: { 'user.retry': { target: 'submitting', actions: sendTo('submitOnce', { type: 'retry' as const }) } },
    },
  },
});
