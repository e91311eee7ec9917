/**
 * A background round run every `intervalMs` (the task expiry sweep, the expiring-benefit notices):
 * the timer is unref'd (it never keeps the process alive), rounds never overlap, a failed round is
 * reported and the next one runs as usual. The returned function stops the timer and waits for a
 * round in progress (call it before the database closes).
 */
export function startPeriodic(
  intervalMs: number,
  round: () => Promise<void>,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
