/**
 * The discussion-group forum's limits, shared by the contract, the server and the editor.
 * The rich text a post may carry is the small set below; the server sanitizes every post to it.
 */

/** A reply or topic body: raw HTML as the editor sends it (before sanitizing). */
export const FORUM_BODY_MAX = 20_000;
/** What the contract and the editors say of a body over FORUM_BODY_MAX. */
export const FORUM_BODY_TOO_LONG = '内容过长，请分几次发布';
/** Visible text of a post after sanitizing, in characters. */
export const FORUM_TEXT_MAX = 5_000;
export const FORUM_TITLE = { min: 2, max: 80 } as const;
export const FORUM_NAME = { min: 1, max: 20 } as const;
export const FORUM_MAX_IMAGES = 9;

/** The HTML tags a post may keep (everything else is stripped, its text kept). */
export const FORUM_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a'] as const;
/** Link schemes a post's `<a href>` may use. */
export const FORUM_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Where the browser goes to take part in a discussion-group task (the board). */
export const forumBoardPath = (taskHashId: string) => `/bbs/${encodeURIComponent(taskHashId)}`;
