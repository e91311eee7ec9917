import { describe, expect, it } from 'vitest';
import { exchangeNumber } from '../../../openapi/rules/exchangeNumber';

describe('exchangeNumber (兑换单号)', () => {
  it('is DH, the Beijing day of the exchange and the id padded to six digits', () => {
    expect(exchangeNumber(123, Date.parse('2026-11-25T09:05:00+08:00'))).toBe('DH20261125000123');
    expect(exchangeNumber(1, Date.parse('2026-01-02T00:00:00+08:00'))).toBe('DH20260102000001');
  });

  it('takes the day in Beijing time, not UTC', () => {
    // 2026-11-25 23:30 UTC is already the 26th in Beijing.
    expect(exchangeNumber(7, Date.parse('2026-11-25T23:30:00Z'))).toBe('DH20261126000007');
    expect(exchangeNumber(7, Date.parse('2026-11-25T15:59:59Z'))).toBe('DH20261125000007');
  });

  it('keeps every digit of an id longer than six', () => {
    expect(exchangeNumber(12345678, Date.parse('2026-11-25T12:00:00+08:00'))).toBe('DH2026112512345678');
  });
});
