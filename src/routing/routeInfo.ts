/**
 * The types of the route table (src/routing/paths.ts): a route's layout group, the page folder that
 * renders it, and what the table says of each route.
 */

/** 'full' = header + footer; 'header' = header only; 'bare' = neither. */
export type LayoutGroup = 'full' | 'header' | 'bare';

/** The page folders under src/pages/ that routes render (one lazily loaded chunk each). */
export type PageId =
  | 'landing'
  | 'not-found'
  | 'updating'
  | 'about'
  | 'agreement'
  | 'privacy'
  | 'sdk-list'
  | 'cooperate'
  | 'product'
  | 'login'
  | 'register'
  | 'password'
  | 'bind'
  | 'third-login'
  | 'qr-confirm'
  | 'invite'
  | 'home'
  | 'messages'
  | 'message-detail'
  | 'feedback-ask'
  | 'feedback-detail'
  | 'gold'
  | 'efficient'
  | 'efficient-detail'
  | 'efficient-level'
  | 'quality-analysis'
  | 'monthly-report'
  | 'notice'
  | 'user'
  | 'card'
  | 'credit'
  | 'credit-details'
  | 'home-invite'
  | 'help-category'
  | 'help-article'
  | 'feedback-hub'
  | 'ranking'
  | 'ranking-article'
  | 'appraise'
  | 'exchange'
  | 'reward-detail'
  | 'exchange-success'
  | 'home-exchange'
  | 'task-list'
  | 'task-summary'
  | 'task-detail'
  | 'task-records'
  | 'task-poll'
  | 'user-survey'
  | 'task-go'
  | 'task-back'
  | 'browse'
  | 'course'
  | 'lottery'
  | 'prize'
  | 'prize-result'
  | 'prize-report'
  | 'lesson'
  | 'answer-sheet'
  | 'quiz-result'
  | 'app-download'
  | 'share'
  | 'recruit'
  | 'campaign'
  | 'campaign-records'
  | 'welfare'
  | 'forum-board'
  | 'forum-topic'
  | 'forum-member'
  | 'forum-respondents';

export interface RouteInfo {
  path: string;
  layout: LayoutGroup;
  public: boolean;
  /** Shown after the product name in the document title; none = product name only. */
  title?: string;
  /** H5 pages (app webviews) keep whatever title they set. */
  h5?: boolean;
  /** Renders inside the /home layout (left sidebar). */
  area?: 'home';
  /** Static public page: its HTML is prerendered at build time (scripts/prerender.mjs). */
  prerender?: boolean;
  /** The folder under src/pages/ whose page renders it; paths that share a page share its chunk. */
  page: PageId;
}
