import type { z } from 'zod';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ScreenMessage as ScreenMessageSchema } from '../openapi/schemas/messages';
import { notProvided } from './shared';

/**
 * The one-time full-screen message (弹屏公告, spec §7 `/v1/messages/screen`): asked for right
 * after a login and each time the member opens /home; shown until they close it or press its
 * button, then marked seen (`/v1/messages/flash/read`) so the server never offers it again.
 *
 * States
 * - `idle`        nothing asked yet, or nothing to show. `check` → `checking`.
 * - `checking`    actor `fetchScreen`: done with a message → `showing`; done with null (result
 *                 code 1060: nothing to show) → `idle`; error → `idle` (nothing is shown: an
 *                 announcement is not worth an error screen; the next check asks again).
 * - `showing`     the dialog: `user.close` (the close button, Escape, the backdrop) →
 *                 `markingSeen`; `user.follow` (its button, only when it has a link) →
 *                 `markingSeen`, remembering to open the link.
 * - `markingSeen` the dialog stays, its button busy; actor `markSeen` (input `{ id }`). Done or
 *                 error → `done`; action `openLink(link)` when the member pressed the button.
 *                 A failed mark is not shown: the server still offers the message, so a later
 *                 check shows it again rather than losing it.
 * - `done`        seen. `check` → `checking` (an operator may set a new one meanwhile).
 *
 * `check` in any other state changes nothing (a login that lands on /home asks once).
 *
 * Tags: `open` (showing, markingSeen: the dialog is shown), `busy` (checking, markingSeen).
 * Actors (the app provides them): `fetchScreen` → ShownScreenMessage | null;
 * `markSeen` input `{ id }`. Action `openLink(link)`.
 */

/** Where the message's button leads: a routed page of this site, or an https page elsewhere. */
export interface ScreenLink {
  href: string;
  external: boolean;
}

/** The contract's ScreenMessage with its link resolved to one the site can follow (or none). */
export type ShownScreenMessage = Omit<z.output<typeof ScreenMessageSchema>, 'link'> & { link: ScreenLink | null };

export type ScreenMessageEvent = { type: 'check' } | { type: 'user.close' } | { type: 'user.follow' };

export interface ScreenMessageContext {
  message: ShownScreenMessage | null;
  /** The member pressed the button (open its link once marked). */
  follow: boolean;
}

export const screenMessageMachine = setup({
  types: {} as { context: ScreenMessageContext; events: ScreenMessageEvent; tags: 'open' | 'busy' },
  actors: {
    fetchScreen: fromPromise<ShownScreenMessage | null>(notProvided('screenMessageMachine', 'fetchScreen')),
    markSeen: fromPromise<void, { id: number }>(notProvided('screenMessageMachine', 'markSeen')),
  },
  guards: {
    hasMessage: ({ event }) => (event as { output?: ShownScreenMessage | null }).output != null,
    hasLink: ({ context }) => context.message?.link != null,
    following: ({ context }) => context.follow,
  },
  actions: {
    /** Open the message's link (the app navigates in the site, or leaves for an https page). */
    openLink: (_, _link: ScreenLink) => {},
  },
}).createMachine({
  id: 'screenMessage',
  context: { message: null, follow: false },
  initial: 'idle',
  states: {
    idle: {
      on: { check: { target: 'checking' } },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'fetchScreen',
        src: 'fetchScreen',
        onDone: [
          {
            guard: 'hasMessage',
            target: 'showing',
            actions: assign({ message: ({ event }) => event.output, follow: false }),
          },
          { target: 'idle', actions: assign({ message: null, follow: false }) },
        ],
        onError: { target: 'idle', actions: assign({ message: null, follow: false }) },
      },
    },
    showing: {
      tags: ['open'],
      on: {
        'user.close': { target: 'markingSeen' },
        'user.follow': { guard: 'hasLink', target: 'markingSeen', actions: assign({ follow: true }) },
      },
    },
    markingSeen: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'markSeen',
        src: 'markSeen',
        input: ({ context }) => ({ id: context.message!.id }),
        onDone: [
          {
            guard: 'following',
            target: 'done',
            actions: { type: 'openLink', params: ({ context }) => context.message!.link! },
          },
          { target: 'done' },
        ],
        onError: [
          {
            guard: 'following',
            target: 'done',
            actions: { type: 'openLink', params: ({ context }) => context.message!.link! },
          },
          { target: 'done' },
        ],
      },
    },
    done: {
      on: { check: { target: 'checking' } },
    },
  },
});

export type ScreenMessageSnapshot = SnapshotFrom<typeof screenMessageMachine>;
export type ScreenMessageActor = ActorRefFrom<typeof screenMessageMachine>;

/** Plain props of the screen-message dialog. */
export interface ScreenMessageView {
  /** The dialog is shown. */
  open: boolean;
  /** The message shown (null when closed). */
  message: ShownScreenMessage | null;
  /** Marking it seen: the controls wait. */
  marking: boolean;
  /** The member pressed the button (it shows that it is busy; the close button just waits). */
  following: boolean;
}

export function selectScreenView(snapshot: ScreenMessageSnapshot): ScreenMessageView {
  const open = snapshot.hasTag('open');
  return {
    open,
    message: open ? snapshot.context.message : null,
    marking: snapshot.matches('markingSeen'),
    following: snapshot.matches('markingSeen') && snapshot.context.follow,
  };
}
