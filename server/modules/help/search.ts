/**
 * Help search: a member types a question as they would say it (「微豆多久到账」), which
 * is rarely an article's exact words. Both sides are cut into terms — a run of Chinese characters
 * into its character bigrams (one character alone stays itself), any other run between spaces and
 * Chinese punctuation (`MIN_SECONDS`, `10%`) into one lower-cased term — and an article is ranked
 * by the query's terms it contains, in its title (weighted more) or its text.
 * Pure functions over the published articles (there are a few dozen), so the same on PGlite and
 * PostgreSQL.
 */

const HAN = /\p{Script=Han}/u;
/** Spaces and the punctuation that ends a Chinese phrase (never `%`, `_` or `&`, which members search for). */
const SEPARATOR = /[\s，。？！、：；“”‘’「」『』（）《》【】…—·,.?!:;()"']+/u;

/** A query's or a text's terms: the bigrams of each Chinese run, each other run whole (lower case). */
export function searchTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const segment of text.toLowerCase().split(SEPARATOR)) {
    // Runs of Chinese characters and runs of anything else, in order.
    for (const run of segment.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? []) {
      if (!HAN.test(run)) terms.add(run);
      else if (run.length === 1) terms.add(run);
      else for (let i = 0; i + 1 < run.length; i++) terms.add(run.slice(i, i + 2));
    }
  }
  return [...terms];
}

/** How much one term found in each place counts (a term counts once, where it weighs most). */
export const WEIGHT = { title: 3, text: 1 } as const;

export interface Searchable {
  title: string;
  /** The article's text as members read it (no markup). */
  text: string;
}

/**
 * The article's score for `terms`, or null when it holds fewer than half of them (a query of one
 * or two terms needs one): the sum over the terms it holds of the weight of the best place.
 */
export function scoreArticle(terms: readonly string[], article: Searchable): number | null {
  const title = article.title.toLowerCase();
  const text = article.text.toLowerCase();
  let score = 0;
  let found = 0;
  for (const term of terms) {
    const weight = title.includes(term) ? WEIGHT.title : text.includes(term) ? WEIGHT.text : 0;
    if (weight === 0) continue;
    found++;
    score += weight;
  }
  return found > 0 && found >= Math.ceil(terms.length / 2) ? score : null;
}

/** Stored (sanitized) HTML as members read it: tags out, the entities sanitize-html writes decoded. */
export function articleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
