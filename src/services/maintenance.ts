import { UPDATING_PATH } from '../routing/paths';
/**
 * The site went into maintenance while a member was using it (an API call answered 10014): go to
 * the maintenance page, which brings them back here when the site opens again (?from=).
 */

export function enterMaintenance(): void {
  if (typeof location === 'undefined' || location.pathname === UPDATING_PATH) return;
  const from = location.pathname + location.search;
  location.assign(`${UPDATING_PATH}?from=${encodeURIComponent(from)}`);
}

/** Where to go back to: an in-site path only (never another site), else the home page. */
export function returnPathOf(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(UPDATING_PATH) ? from : '/';
}

/** Back to the site once it is open (a full load: the site may have been updated while it was down). */
export function leaveMaintenance(path: string): void {
  window.location.replace(path);
}
