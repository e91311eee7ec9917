import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../machines/shared/errors';

/**
 * The one loader for a container's single reads (a summary card, a detail, the rules text);
 * lists use machines/pagedList.
 */
export type LoadStatus = 'loading' | 'ready' | 'error';

export interface Loaded<T, Status extends string = LoadStatus> {
  status: Status;
  data: T | null;
  error: string | null;
  /** Load again (after an error, or to refresh); the old data stays while it runs. */
  reload: () => void;
}

type State<T> = { status: LoadStatus | 'notFound'; data: T | null; error: string | null };

/**
 * One request's status: `load` runs on mount and on `reload`; a newer run aborts the older one,
 * so a late answer never overwrites a newer one. Changed `deps` (plain values) start over
 * without the old data; `reload` keeps it while loading. With `isNotFound`, a failure it
 * recognises ends in `notFound` instead of `error` (a detail whose id does not exist).
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps?: readonly unknown[]): Loaded<T>;
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  isNotFound: (error: unknown) => boolean,
): Loaded<T, LoadStatus | 'notFound'>;
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[] = [],
  isNotFound?: (error: unknown) => boolean,
): Loaded<T, LoadStatus | 'notFound'> {
  const [state, setState] = useState<State<T>>({ status: 'loading', data: null, error: null });
  const [round, setRound] = useState(0);
  const key = JSON.stringify(deps);
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    // Other inputs: the old data is not this one's (render-time reset, no stale frame).
    setShownKey(key);
    setState({ status: 'loading', data: null, error: null });
  }
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.data === null ? { status: 'loading', data: null, error: null } : s));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const status = isNotFound?.(e) ? 'notFound' : 'error';
        setState((s) => ({ status, data: s.data, error: errorMessage(e) }));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round, key]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
