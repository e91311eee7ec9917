/**
 * The help centre's tree, shared by both sides: the root the spec names (`categoryId=21`) and its
 * topics, whose ids are fixed by the content (server/db/schema-support.ts `help_categories`). The
 * server stores this tree (server/modules/help/admin.ts `ensureHelpTree`, before the first article);
 * the pages use it to open a feedback ticket of the matching FeedbackCategory from an article
 * ("one tap to ask").
 */
import { FeedbackCategory } from '../enums';

type FeedbackCategoryValue = (typeof FeedbackCategory.list)[number];

/** The help centre's root (spec §7: the help list uses categoryId 21). */
export const HELP_ROOT_ID = 21;
export const HELP_ROOT_NAME = '帮助中心';

export interface HelpTopic {
  id: number;
  name: string;
  /** What a member asking from one of its articles most likely asks about. */
  feedbackCategory: FeedbackCategoryValue;
}

const F = FeedbackCategory.values;

/** The topics under the root, in the order members see them. */
export const HELP_TOPICS: readonly HelpTopic[] = [
  { id: 2101, name: '注册与登录', feedbackCategory: F.ACCOUNT },
  { id: 2102, name: '任务与甄别', feedbackCategory: F.TASK },
  { id: 2103, name: '微豆与到账', feedbackCategory: F.TASK },
  { id: 2104, name: '兑换与提现', feedbackCategory: F.EXCHANGE },
  { id: 2105, name: '实名与账号安全', feedbackCategory: F.ACCOUNT },
  { id: 2106, name: '邀请好友', feedbackCategory: F.BENEFIT },
  { id: 2107, name: '权益与等级', feedbackCategory: F.BENEFIT },
];

/** The feedback category to ask about an article of `helpCategoryId` (其他问题 for a category not listed). */
export function feedbackCategoryOf(helpCategoryId: number): FeedbackCategoryValue {
  return HELP_TOPICS.find((t) => t.id === helpCategoryId)?.feedbackCategory ?? F.OTHER;
}

/** Characters of an article's title. */
export const HELP_TITLE_MAX = 60;
