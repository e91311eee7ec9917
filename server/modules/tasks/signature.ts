/**
 * Partner link signing: `sig = hex(HMAC-SHA256(partner.secret, S))` where S is the path and query
 * exactly as received, from the leading `/` up to (not including) `&sig=`; `sig` must be the last
 * parameter. Fresh when now − 900 s ≤ ts ≤ now + 60 s. Used for return links and postbacks alike.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const FRESH_PAST_SECONDS = 900;
export const FRESH_FUTURE_SECONDS = 60;

export function signPath(secret: string, signed: string): string {
  return createHmac('sha256', secret).update(signed, 'utf8').digest('hex');
}

/** `signed` + `&sig=<hex>`: what a partner sends. */
export function withSignature(secret: string, signed: string): string {
  return `${signed}&sig=${signPath(secret, signed)}`;
}

export interface SignedUrl {
  path: string;
  /** Everything before `&sig=`. */
  signed: string;
  sig: string;
  rid: string;
  status: string;
  /** Unix seconds. */
  ts: number;
  reason: string | null;
}

/**
 * Split a received path-and-query into its parts; null when it cannot be a signed link (no sig,
 * sig not last, a required parameter missing or given twice).
 */
export function parseSignedUrl(url: string): SignedUrl | null {
  if (!url.startsWith('/') || url.length > 2048) return null;
  const q = url.indexOf('?');
  const at = url.lastIndexOf('&sig=');
  if (q < 0 || at < q) return null;
  const sig = url.slice(at + '&sig='.length);
  if (!/^[0-9a-fA-F]{64}$/.test(sig)) return null;
  const signed = url.slice(0, at);
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(signed.slice(q + 1));
  } catch {
    return null;
  }
  const one = (name: string) => {
    const all = params.getAll(name);
    return all.length === 1 ? all[0]! : null;
  };
  const rid = one('rid');
  const status = one('status');
  const ts = one('ts');
  if (params.getAll('sig').length > 0 || params.getAll('reason').length > 1) return null;
  if (!rid || !status || !ts || !/^\d{1,12}$/.test(ts)) return null;
  return { path: url.slice(0, q), signed, sig: sig.toLowerCase(), rid, status, ts: Number(ts), reason: one('reason') };
}

/** Constant-time check of `sig` against the partner's secret. */
export function signatureValid(secret: string, link: Pick<SignedUrl, 'signed' | 'sig'>): boolean {
  const want = Buffer.from(signPath(secret, link.signed), 'hex');
  const got = Buffer.from(link.sig, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

export function isFresh(tsSeconds: number, nowMs: number): boolean {
  const now = nowMs / 1000;
  return tsSeconds >= now - FRESH_PAST_SECONDS && tsSeconds <= now + FRESH_FUTURE_SECONDS;
}
