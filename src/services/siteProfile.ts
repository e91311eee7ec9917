/**
 * Who runs the site (company name, filing numbers, contact addresses): what the server wrote into
 * this page's `<meta name="site-profile">` (server/http/spa.ts), else the build's defaults — so a
 * site operator changes them without a rebuild, and a prerendered page hydrates with the same words.
 */
import { SITE_PROFILE_META, servedSiteProfile, type SiteProfile } from '../../openapi/rules/siteProfile';

let read: SiteProfile | null = null;

export function siteProfile(): SiteProfile {
  if (read) return read;
  const meta = typeof document === 'undefined' ? null : document.querySelector(`meta[name="${SITE_PROFILE_META}"]`);
  let raw: unknown = null;
  try {
    raw = meta ? JSON.parse(meta.getAttribute('content') ?? '') : null;
  } catch {
    raw = null;
  }
  return (read = servedSiteProfile(raw));
}

/** Tests only: read the page's meta again. */
export function forgetSiteProfile(): void {
  read = null;
}
