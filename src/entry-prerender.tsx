/**
 * Build-time prerendering of the static public pages (see scripts/prerender.mjs): their HTML is
 * served at once, so the first paint does not wait for the JavaScript (Lighthouse, slow phones).
 */
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppRoot } from './app/AppRoot';

export { routes } from './app/routes';
export { documentTitle } from './routing/guards';
export { PRODUCT_NAME, TITLE_SEPARATOR } from './config';

export async function render(location: string): Promise<string> {
  // The first pass waits for the lazily loaded page chunks; the second renders them in place.
  // (A streamed prerender would complete Suspense boundaries with inline scripts, which the
  // CSP rightly blocks.)
  const { prelude } = await prerenderToNodeStream(<AppRoot location={location} />);
  for await (const _ of prelude) {
    // drain
  }
  const html = renderToString(<AppRoot location={location} />);
  if (html.includes('<script') || html.includes('<template')) {
    throw new Error(`prerender of ${location} still has a pending Suspense boundary`);
  }
  return html;
}
