import { FEEDBACK_HUB_PATH, helpArticlePath, helpCategoryPath, matchRoute } from './paths';

/**
 * Where links to the help centre and the feedback pages lead (spec §2: /home/feedback, its ask
 * form, a ticket, a help category and an answer), each only once its page is routed: a page not
 * built yet is not linked to.
 */

/** The ask form (`feedbackAsk()` builds its links once it is routed). */
export const FEEDBACK_ASK_PATH = '/home/feedback/ask';
/** One of my tickets (`/home/feedback/12`). */
export const feedbackTicketPath = (id: number) => `${FEEDBACK_HUB_PATH}/${id}`;
/** FeedbackCategory 任务与微豆 (openapi/enums.ts). */
const TASK_CATEGORY = 1;

/** Which of my records a ticket is about: the ask form pre-fills it (getFeedbackRecord). */
export type FeedbackAbout = { rid: string } | { exchangeId: number } | { benefitId: number };

/** The ask form, about one record of mine: `/home/feedback/ask?exchangeId=12`. */
function askPath(about?: FeedbackAbout): string {
  if (!about) return FEEDBACK_ASK_PATH;
  const [key, value] = Object.entries(about)[0]!;
  return `${FEEDBACK_ASK_PATH}?${key}=${encodeURIComponent(String(value))}`;
}

/**
 * The ask form's link builder, or null while that form is not built. Its own route must render
 * it: a ticket's route (`/home/feedback/:id`) matches `/home/feedback/ask` too.
 */
export function feedbackAsk(): typeof askPath | null {
  return matchRoute(FEEDBACK_ASK_PATH)?.route.path === FEEDBACK_ASK_PATH ? askPath : null;
}

/**
 * The ask form with its category chosen (`/home/feedback/ask?category=2`: a help answer's "one tap
 * to ask", the category from openapi/rules/help.ts), or null while that form is not built.
 */
export function feedbackAskInCategory(category: number): string | null {
  return feedbackAsk() ? `${FEEDBACK_ASK_PATH}?category=${category}` : null;
}

/**
 * An appeal against a flagged answer: the ask form about that answer (`rid`), in 任务与微豆
 * (`/home/feedback/ask?rid=…&category=1`); null while that form is not built.
 */
export function feedbackAppeal(): ((rid: string) => string) | null {
  const ask = feedbackAsk();
  return ask ? (rid) => `${ask({ rid })}&category=${TASK_CATEGORY}` : null;
}

const routed = (path: string): string | null => (matchRoute(path) ? path : null);

/** The links of the help and feedback hub; each null while its page is not built. */
export interface FeedbackLinks {
  /** 我要反馈. */
  ask: string | null;
  /** One of my tickets. */
  ticket: (id: number) => string | null;
  /** A help category's questions (查看全部). */
  category: (categoryId: number) => string | null;
  /** One help answer. */
  question: (categoryId: number, id: number) => string | null;
}

export function feedbackLinks(): FeedbackLinks {
  return {
    ask: feedbackAsk()?.() ?? null,
    ticket: (id) => routed(feedbackTicketPath(id)),
    category: (categoryId) => routed(helpCategoryPath(categoryId)),
    question: (categoryId, id) => routed(helpArticlePath(categoryId, id)),
  };
}
