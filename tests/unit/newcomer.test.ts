import { describe, expect, it } from 'vitest';
import { isNewcomer } from '../../src/flows/newcomer';

/** /home greets a member who registered within the last day as a newcomer (src/flows/newcomer.ts). */
describe('newcomer', () => {
  const now = Date.UTC(2026, 10, 25, 4, 0);
  const hour = 60 * 60 * 1000;

  it('is a member who registered within the last 24 hours', () => {
    expect(isNewcomer(now, now)).toBe(true);
    expect(isNewcomer(now - 23 * hour, now)).toBe(true);
    expect(isNewcomer(now - 24 * hour, now)).toBe(false);
    expect(isNewcomer(now - 30 * 24 * hour, now)).toBe(false);
  });

  it('is not said without a registration time (a login stored before it was kept) or from the future', () => {
    expect(isNewcomer(undefined, now)).toBe(false);
    expect(isNewcomer(now + hour, now)).toBe(false);
  });
});
