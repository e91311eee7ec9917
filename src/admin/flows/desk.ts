import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { ticketDeskMachine, type DeskMoved, type DeskTicket, type MoveInput } from '../../../machines/ticketDesk';
import type { PageRequest, PageResult } from '../../../machines/pagedList';
import type { SavedReply, TicketRow } from '../../../openapi/schemas/adminFeedback';
import type { FeedbackStateValue } from '../../../openapi/rules/feedback';
import { consoleApi, quietConsoleApi } from '../api';

export type DeskRow = z.output<typeof TicketRow>;
export type SavedReplyItem = z.output<typeof SavedReply>;

/** The queue's filter: the tickets waiting on staff (`waiting`), or one state. */
export type DeskFilter = 'waiting' | FeedbackStateValue;

export const DESK_PAGE_SIZE = 20;

/** One page of the queue, the longest waiting first. */
export async function fetchDeskPage(
  request: PageRequest<DeskFilter>,
  signal: AbortSignal,
): Promise<PageResult<DeskRow>> {
  const { filter, page, pageSize } = request;
  const answer = await consoleApi.call('listTickets', {
    query: { page, pageSize, ...(filter === 'waiting' ? {} : { state: filter }) },
    signal,
  });
  return { list: answer.list, total: answer.total };
}

/**
 * The ticket machine's calls. Quiet: the desk shows a refusal beside the ticket (a colleague took
 * it first, its state changed) and a failed load as the panel's error state.
 */
export const consoleTicketDeskMachine = ticketDeskMachine.provide({
  actors: {
    loadTicket: fromPromise<DeskTicket, { id: number }>(({ input, signal }) =>
      quietConsoleApi.call('getTicket', { params: { id: input.id }, signal }),
    ),
    move: fromPromise<DeskMoved, MoveInput>(({ input: { id, move } }) => {
      const params = { id };
      switch (move.kind) {
        case 'take':
          return quietConsoleApi.call('takeTicket', { params });
        case 'process':
          return quietConsoleApi.call('processTicket', { params, body: {} });
        case 'ask':
        case 'answer':
          return quietConsoleApi.call('replyTicket', { params, body: { kind: move.kind, content: move.content } });
        case 'close':
          return quietConsoleApi.call('closeTicket', { params, body: { reason: move.reason } });
      }
    }),
  },
});

export const listSavedReplies = (signal?: AbortSignal) => consoleApi.call('listSavedReplies', signal ? { signal } : {});
/** Quiet: the save form shows its refusal itself. */
export const saveReply = (body: { title: string; content: string }) => quietConsoleApi.call('saveReply', { body });
export const deleteSavedReply = (id: number) => consoleApi.call('deleteSavedReply', { params: { id } });
