/**
 * What a forum post may carry: the short list of FORUM_TAGS (paragraphs, emphasis, quotes, lists,
 * links), links only over http(s) or mailto and opened with rel="nofollow noopener noreferrer".
 * Sanitized once with sanitize-html when a post is stored; pages render what is stored. Scripts,
 * event handlers, styles, images in the text (pictures go in `images`) and javascript: links are gone.
 */
import type SanitizeHtml from 'sanitize-html';
import { FORUM_LINK_SCHEMES, FORUM_TAGS } from '../../../openapi/rules/forum';
import { plainText, sanitizeHtml } from '../../kernel/html';

const LINK_RE = new RegExp(`^(?:${FORUM_LINK_SCHEMES.join('|')}):`, 'i');

const options: SanitizeHtml.IOptions = {
  allowedTags: [...FORUM_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: [...FORUM_LINK_SCHEMES],
  allowProtocolRelative: false,
  transformTags: {
    // Runs before the scheme check: a link to anything but http(s)/mailto keeps only its text.
    a: (tagName, attribs) => ({
      tagName,
      attribs: LINK_RE.test(attribs.href ?? '')
        ? { href: attribs.href!, target: '_blank', rel: 'nofollow noopener noreferrer' }
        : ({} as SanitizeHtml.Attributes),
    }),
  },
  // Script and style contents are dropped with their tags; other unknown tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  disallowedTagsMode: 'discard',
};

export interface CleanPost {
  /** Sanitized HTML. */
  html: string;
  /** Its plain text (quotes and the export), whitespace folded. */
  text: string;
}

/** Sanitize a post's HTML; `text` is empty when nothing readable is left. */
export function cleanPost(html: string, textMax: number): CleanPost {
  const clean = sanitizeHtml(html, options).trim();
  const text = plainText(clean, textMax + 1);
  return { html: text === '' ? '' : clean, text };
}
