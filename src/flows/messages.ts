import { useCallback, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { screenMessageMachine, type ScreenLink, type ShownScreenMessage } from '../../machines/screenMessage';
import { Code } from '../../openapi/codes';
import type { MessageType } from '../../openapi/enums';
import type { Message } from '../../openapi/schemas/messages';
import { api, isApiError, quietApi } from '../api';
import { routedHref } from '../routing/paths';
import { reportUnread, useSessionActor } from './session';
import { usePagedList, type FetchPage } from './usePagedList';

/**
 * The member's messages over the API (spec §7 Messages): the inbox (listMessages) with its
 * unread count, read one / read all (readMessages), and the one-time screen message
 * (getScreenMessage → readFlashMessage). Every answer that carries the unread count sets the
 * header bell's marker through the session (`reportUnread`).
 */

/** One message of the inbox: the contract's Message. */
export type InboxMessage = z.output<typeof Message>;

/** The inbox tabs: everything, or one type. */
export type MessageFilter = 'all' | (typeof MessageType.list)[number];

const PAGE_SIZE = 20;

/** What the inbox page shows and can do. */
export interface Inbox extends ReturnType<typeof usePagedList<InboxMessage, MessageFilter>> {
  /** The member's unread messages (all types); null until the first page answered. */
  unread: number | null;
  /** 全部标为已读 is running. */
  markingAll: boolean;
  onReadAll: () => void;
}

/**
 * `/home/message`: the paged inbox by type (usePagedList), the unread count of the latest answer
 * and 全部标为已读 (readMessages `all`: the rows on screen turn read, the bell clears). A failed
 * first page is shown by the page (quietApi); a failed 全部标为已读 is said by a toast (api).
 */
export function useInbox(): Inbox {
  const session = useSessionActor();
  const [unread, setUnread] = useState<number | null>(null);
  /** Rows read here since they were loaded (全部标为已读). */
  const [readHere, setReadHere] = useState<ReadonlySet<number>>(() => new Set());
  const [markingAll, setMarkingAll] = useState(false);

  const fetchPage = useMemo<FetchPage<InboxMessage, MessageFilter>>(
    () =>
      async ({ filter, page, pageSize }, signal) => {
        const answer = await quietApi.call('listMessages', {
          query: { page, pageSize, ...(filter === 'all' ? {} : { type: filter }) },
          signal,
        });
        setUnread(answer.unread);
        reportUnread(session, answer.unread);
        return answer;
      },
    [session],
  );
  const list = usePagedList(fetchPage, { filter: 'all', pageSize: PAGE_SIZE });

  const { items } = list;
  const onReadAll = useCallback(() => {
    const shown = items.map((m) => m.id);
    setMarkingAll(true);
    api.call('readMessages', { body: { all: true } }).then(
      (answer) => {
        setReadHere((before) => new Set([...before, ...shown]));
        setUnread(answer.unread);
        reportUnread(session, answer.unread);
        setMarkingAll(false);
      },
      // The API client said why (a toast); the rows stay as they are.
      () => setMarkingAll(false),
    );
  }, [items, session]);

  const shownItems = useMemo(
    () => (readHere.size === 0 ? items : items.map((m) => (readHere.has(m.id) && !m.read ? { ...m, read: true } : m))),
    [items, readHere],
  );
  return { ...list, items: shownItems, unread, markingAll, onReadAll };
}

/** The message was not found (a wrong id, another member's message): the page says so. */
export class MessageNotFound extends Error {
  override name = 'MessageNotFound';
}

export const isMessageNotFound = (e: unknown) =>
  e instanceof MessageNotFound ||
  (isApiError(e) && (e.code === Code.NOT_FOUND || e.code === Code.INVALID_PARAMS || e.httpStatus === 404));

/** `/home/message/{id}`: the one message (listMessages with `id`); none → MessageNotFound. */
export async function loadMessage(id: number, signal: AbortSignal): Promise<InboxMessage> {
  const answer = await quietApi.call('listMessages', { query: { id, page: 1, pageSize: 1 }, signal });
  const message = answer.list.find((m) => m.id === id);
  if (!message) throw new MessageNotFound(`消息 ${id} 不存在`);
  return message;
}

/**
 * Marks one message read (readMessages `ids`) and sets the bell from the count left. A failure
 * is not shown: the member has the message in front of them; the bell stays lit until a later
 * read or check.
 */
export function useMarkRead(): (id: number) => void {
  const session = useSessionActor();
  return useCallback(
    (id: number) => {
      quietApi.call('readMessages', { body: { ids: [id] } }).then(
        (answer) => reportUnread(session, answer.unread),
        () => {},
      );
    },
    [session],
  );
}

/**
 * Where a screen message's button may lead: a routed page of this site, or an https page; any
 * other link (a page not built, plain http, a script) is not followed — the button only closes.
 */
export function screenLink(link: string | null): ScreenLink | null {
  if (!link) return null;
  const inSite = routedHref(link);
  if (inSite) return { href: inSite, external: false };
  try {
    const url = new URL(link);
    return url.protocol === 'https:' ? { href: url.href, external: true } : null;
  } catch {
    return null;
  }
}

const screenMessageActors = {
  /** The message to show, or null for result code 1060 (nothing to show, said silently). */
  fetchScreen: fromPromise<ShownScreenMessage | null>(async ({ signal }) => {
    try {
      const message = await quietApi.call('getScreenMessage', { signal });
      return { ...message, link: screenLink(message.link) };
    } catch (e) {
      if (isApiError(e) && e.code === Code.NOTHING_TO_SHOW) return null;
      throw e;
    }
  }),
  markSeen: fromPromise<void, { id: number }>(async ({ input }) => {
    await quietApi.call('readFlashMessage', { body: { id: input.id } });
  }),
};

/** The screen-message machine with the app's actors; the shell adds `openLink` (the router). */
export const appScreenMessageMachine = screenMessageMachine.provide({ actors: screenMessageActors });
