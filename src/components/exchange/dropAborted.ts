/**
 * Run a fetch of an invoked actor; when its invocation was aborted (the actor stopped — e.g. React
 * StrictMode stops and restarts actors on mount in development), never settle: the AbortError
 * would otherwise reach the restarted machine before the new fetch's answer and show 网络错误.
 */
export async function dropAborted<T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (signal.aborted) return new Promise<T>(() => undefined);
    throw error;
  }
}
