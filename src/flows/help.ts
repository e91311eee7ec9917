import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { Code } from '../../openapi/codes';
import { feedbackCategoryOf, HELP_ROOT_ID } from '../../openapi/rules/help';
import type { HelpCategory, HelpQuestionDetail, HelpQuestionPage, HelpVoteResult } from '../../openapi/schemas/help';
import { api, isApiError, quietApi } from '../api';
import { feedbackAskInCategory } from '../routing/feedback';
import { routedPath, MEMBER_HOME_PATH, FEEDBACK_HUB_PATH } from '../routing/paths';
import type { FetchPage } from './usePagedList';

/**
 * The help centre's calls for its pages: the root's topics (listCategories 21), a topic's articles
 * (listQuestions, paged), one article (getQuestion) and the member's vote on it (voteQuestion,
 * whose refusal is the toast's). Loads go through `quietApi`: the pages show their own states.
 */
export type HelpTopicData = z.output<typeof HelpCategory>;
export type HelpQuestionRow = z.output<typeof HelpQuestionPage>['list'][number];
export type HelpArticleData = z.output<typeof HelpQuestionDetail>;
export type HelpVoteData = z.output<typeof HelpVoteResult>;

/** A path segment that is no id: the page is not found, without asking. */
export class NotAHelpId extends Error {}

/** `2104` → 2104; anything that is not a positive whole number → null. */
export function helpIdOf(segment: string | undefined): number | null {
  if (!segment || !/^\d{1,10}$/.test(segment)) return null;
  const n = Number(segment);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** The topics under the help root, each with its first titles. */
export const loadHelpTopics = (signal?: AbortSignal): Promise<HelpTopicData[]> =>
  quietApi.call('listCategories', { query: { categoryId: HELP_ROOT_ID }, ...(signal ? { signal } : {}) });

/** One page of a topic's articles; the filter is the topic's id (null: not an id). */
export const fetchHelpQuestions: FetchPage<HelpQuestionRow, number | null> = ({ filter, page, pageSize }, signal) =>
  filter === null
    ? Promise.reject(new NotAHelpId())
    : quietApi.call('listQuestions', { query: { categoryId: filter, page, pageSize }, signal });

export const loadHelpArticle = (id: number, signal?: AbortSignal): Promise<HelpArticleData> =>
  quietApi.call('getQuestion', { params: { id }, ...(signal ? { signal } : {}) });

/** An article or category that is not there (never was, unpublished) or a path segment that is no id. */
export const isMissingHelp = (e: unknown) =>
  e instanceof NotAHelpId ||
  (isApiError(e) && (e.code === Code.NOT_FOUND || e.code === Code.INVALID_PARAMS || e.httpStatus === 404));

/**
 * "One tap to ask": the feedback form for the FeedbackCategory matching the help category, or
 * null while that form is not built (nothing links to a page that is not there).
 */
export const askAboutHelpHref = (helpCategoryId: number): string | null =>
  feedbackAskInCategory(feedbackCategoryOf(helpCategoryId));

export interface HelpVote {
  /** People who found it helpful: the article's count, then the count after the member's vote. */
  helpful: number;
  myVote: boolean | null;
  /** The choice being sent, or null. */
  voting: boolean | null;
  onVote: (helpful: boolean) => void;
}

/**
 * The member's 有帮助/没帮助 on the article `loaded`: one vote, which a later one replaces. While a
 * vote is on its way the other waits; a refused or failed vote is the toast's and changes nothing.
 */
export function useHelpVote(loaded: Pick<HelpArticleData, 'id' | 'helpful' | 'myVote'> | null): HelpVote {
  const [sent, setSent] = useState<(HelpVoteData & { id: number }) | null>(null);
  const [voting, setVoting] = useState<{ id: number; helpful: boolean } | null>(null);
  const busy = useRef(false);
  const id = loaded?.id ?? null;
  const onVote = useCallback(
    (helpful: boolean) => {
      if (id === null || busy.current) return;
      busy.current = true;
      setVoting({ id, helpful });
      api
        .call('voteQuestion', { params: { id }, body: { helpful } })
        .then(
          (r) => setSent({ ...r, id }),
          () => {},
        )
        .finally(() => {
          busy.current = false;
          setVoting(null);
        });
    },
    [id],
  );
  const mine = sent && sent.id === id ? sent : null;
  return {
    helpful: mine?.helpful ?? loaded?.helpful ?? 0,
    myVote: mine ? mine.myVote : (loaded?.myVote ?? null),
    voting: voting && voting.id === id ? voting.helpful : null,
    onVote,
  };
}

/** Where ‹ on a help page goes: 帮助与反馈 once that page is built, else 我的主页. */
export function helpBack(): { to: string; label: string } {
  const help = routedPath(FEEDBACK_HUB_PATH);
  return help ? { to: help, label: '帮助与反馈' } : { to: MEMBER_HOME_PATH, label: '我的主页' };
}
