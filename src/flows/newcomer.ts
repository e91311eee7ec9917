/** How long after registering a member is still greeted as a newcomer on /home. */
const NEWCOMER_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a member who registered at `registeredAt` (ms, from the stored login, so it holds
 * across reloads) registered within the last day. Unknown (a login stored before it was kept):
 * not a newcomer.
 */
export function isNewcomer(registeredAt: number | undefined, now = Date.now()): boolean {
  return typeof registeredAt === 'number' && now - registeredAt >= 0 && now - registeredAt < NEWCOMER_MS;
}
