/**
 * The process path: survey hand-off/progress calls under `/v1/process/`. They carry no
 * cache-busting timestamp and their failures are never shown as toasts (spec §7, §8).
 * Kept apart from op.ts (which needs zod) so the API client can use it without the schemas.
 */
const PROCESS_PATH_PREFIX = '/v1/process/';
export function isProcessPath(path: string): boolean {
  return path.includes(PROCESS_PATH_PREFIX);
}
