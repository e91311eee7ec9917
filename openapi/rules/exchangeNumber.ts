/**
 * The exchange number (兑换单号) members read, quote to support and see in messages: `DH`, the
 * Beijing day of the exchange and its id padded to six digits — `DH20261125000123`. Derived, not
 * stored: every place that shows an exchange's number (records, detail, result page, coupons,
 * messages) calls this one function.
 */

const BEIJING_OFFSET_MS = 8 * 3_600_000;

export function exchangeNumber(id: number, createdAt: number): string {
  const day = new Date(createdAt + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return `DH${day}${String(id).padStart(6, '0')}`;
}
