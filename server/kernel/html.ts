/**
 * Rich text from operators (notices, messages, the screen message) is sanitized once, when it is
 * stored, with sanitize-html: a short list of formatting tags, links only to https or in-site
 * paths (opened with rel="noopener noreferrer"), images only over https or from our own uploads.
 * Pages render what is stored as it is.
 */
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

const requireCjs = createRequire(import.meta.url);
let sanitizer: typeof SanitizeHtml | undefined;

/** sanitize-html (it brings htmlparser2 and postcss, ~18 MB resident), loaded on first use. */
export function sanitizeHtml(html: string, options: SanitizeHtml.IOptions): string {
  sanitizer ??= requireCjs('sanitize-html') as typeof SanitizeHtml;
  return sanitizer(html, options);
}

const options: SanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'blockquote',
    'a',
    'img',
    'span',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['https'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // In-site paths (/home/exchange) are allowed as they are; anything else needs https.
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https:/i.test(href);
      const attributes: SanitizeHtml.Attributes = external
        ? { href, target: '_blank', rel: 'noopener noreferrer' }
        : { href };
      return { tagName, attribs: attributes };
    },
  },
  disallowedTagsMode: 'discard',
};

/** Sanitized HTML of an operator's rich text. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Entities decoded, whitespace folded, cut to `max` characters with an ellipsis. */
function foldedText(text: string, max: number): string {
  const folded = text
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    // Chinese punctuation already ends the phrase: no space after it (查收。打款…, 卡密：CODE…).
    .replace(/([。！？：；，、」』）]) /g, '$1')
    .trim();
  const chars = [...folded];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : folded;
}

/** The plain text of (sanitized or not) HTML, whitespace folded, cut to `max` characters with an ellipsis. */
export function plainText(html: string, max = 80): string {
  return foldedText(sanitizeHtml(blockBreaks(html), { allowedTags: [], allowedAttributes: {} }), max);
}

/** A block's end is a word break: <h3>规则</h3><p>每天…</p> reads "规则 每天…", not "规则每天…". */
function blockBreaks(html: string): string {
  return html.replace(/<\/(?:p|h[1-6]|li|blockquote|div)>|<br\s*\/?>/gi, '$& ');
}

/**
 * `plainText` of HTML as stored: sanitized by `sanitizeRichText`, or built by the server with its
 * text escaped. Such markup has no `<` or `>` outside its tags (text and attribute values carry
 * them as entities), so the tags are dropped by pattern instead of a parser: the same text, for a
 * fraction of the cost (a list of 20 summaries per request). Never for HTML from outside.
 */
export function storedPlainText(html: string, max = 80): string {
  return foldedText(blockBreaks(maskSecrets(html)).replace(/<[^>]*>/g, ''), max);
}

/**
 * A secret the server writes into a message (an issued card code): shown in full on the message
 * itself, masked wherever the message is only previewed (the list's summary, the bell), so a
 * glance over the member's shoulder does not give it away. `text` is already escaped HTML.
 */
export const secretHtml = (escapedText: string) => `<strong ${SECRET_ATTR}="">${escapedText}</strong>`;
export const SECRET_ATTR = 'data-secret';
/** What a preview shows instead of a secret. */
export const MASKED_SECRET = '••••••（点开消息查看）';

const secretPattern = new RegExp(`<strong ${SECRET_ATTR}="">[^<]*</strong>`, 'g');
const maskSecrets = (html: string) => html.replace(secretPattern, MASKED_SECRET);
