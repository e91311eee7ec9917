/** The one prompt a visitor sees on the answer-quality pages, where a member's own figures would be. */
export const VISITOR_PROMPT = '登录后查看你的答题质量';
