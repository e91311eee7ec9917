import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../machines/shared';

/**
 * One read on mount, with retry: loading → ready | error (| notFound when `isNotFound` says so).
 * For the task pages' single calls (summary, detail, recommendations); lists use machines/pagedList.
 */
export type RemoteState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: string }
  | { status: 'notFound'; data: null; error: string };

export function useRemote<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  isNotFound?: (error: unknown) => boolean,
): RemoteState<T> & { retry: () => void } {
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading', data: null, error: null });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const msg = errorMessage(error);
        setState(
          isNotFound?.(error)
            ? { status: 'notFound', data: null, error: msg }
            : { status: 'error', data: null, error: msg },
        );
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
