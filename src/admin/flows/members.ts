import { fromPromise } from 'xstate';
import type { z } from 'zod';
import type {
  Member360,
  MemberContact,
  MemberLedgerPage,
  MemberSearchPage,
  MemberState,
} from '../../../openapi/schemas/adminMembers';
import { staffMoveMachine, type StaffMoveRequest } from '../../../machines/staffMove';
import { quietConsoleApi } from '../api';

/**
 * The member pages' calls. Quiet: each page shows a failure itself (the search's and the 360's
 * error state, a move's refusal in its dialog), so no toast says it a second time.
 */

export type MemberSearchResults = z.output<typeof MemberSearchPage>;
export type MemberSearchHit = MemberSearchResults['list'][number];
export type Member360Data = z.output<typeof Member360>;
export type MemberLedger = z.output<typeof MemberLedgerPage>;
export type MemberLedgerEntry = MemberLedger['list'][number];
export type MemberContactData = z.output<typeof MemberContact>;
export type MemberStateData = z.output<typeof MemberState>;

export const MEMBER_SEARCH_PAGE_SIZE = 20;
export const MEMBER_LEDGER_PAGE_SIZE = 20;

export const searchMembers = (q: string, page: number, signal?: AbortSignal) =>
  quietConsoleApi.call('searchMembers', {
    query: { q, page, pageSize: MEMBER_SEARCH_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

export const loadMember360 = (id: number, signal?: AbortSignal) =>
  quietConsoleApi.call('getMember360', { params: { id }, ...(signal ? { signal } : {}) });

export const loadMemberLedger = (id: number, page: number, signal?: AbortSignal) =>
  quietConsoleApi.call('getMemberLedger', {
    params: { id },
    query: { page, pageSize: MEMBER_LEDGER_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

/** The moves staff make on a member from the 360 page (machines/staffMove.ts names them). */
export type MemberMove = 'reveal' | 'freeze' | 'unfreeze' | 'endSessions' | 'message';

function memberMove(id: number, request: StaffMoveRequest): Promise<unknown> {
  const reason = { reason: request.reason ?? '' };
  const params = { id };
  switch (request.move as MemberMove) {
    case 'reveal':
      return quietConsoleApi.call('revealMemberContact', { params, body: reason });
    case 'freeze':
      return quietConsoleApi.call('freezeMember', { params, body: reason });
    case 'unfreeze':
      return quietConsoleApi.call('unfreezeMember', { params, body: reason });
    case 'endSessions':
      return quietConsoleApi.call('endMemberSessions', { params, body: reason });
    case 'message':
      return quietConsoleApi.call('messageMember', {
        params,
        body: { title: request.fields.title ?? '', content: request.fields.content ?? '' },
      });
    default:
      return Promise.reject(new Error(`unknown member move ${request.move}`));
  }
}

/** The staff-move machine making the moves on member `id`. */
export const memberMoveMachine = (id: number) =>
  staffMoveMachine.provide({
    actors: { submit: fromPromise<unknown, StaffMoveRequest>(({ input }) => memberMove(id, input)) },
  });
