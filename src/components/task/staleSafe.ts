/**
 * A page fetch whose invocation was aborted never settles. With React StrictMode (dev) the
 * paged-list actor is stopped and started again on mount: the first `fetchPage` is aborted, and
 * its AbortError would otherwise reach the restarted machine before the second fetch's rows,
 * leaving the list in `failed` ("网络错误") although the data arrived. An aborted request is
 * obsolete by definition, so it is simply dropped.
 */
export async function staleSafe<T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (signal.aborted) return new Promise<T>(() => undefined);
    throw error;
  }
}
