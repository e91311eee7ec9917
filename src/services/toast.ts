import { TOAST_DURATION_MS } from '../config';

/**
 * The one toast service (spec §8 "generic message kinds"). Framework-agnostic: a tiny store
 * with `list()` / `subscribe()`; `<AppToaster />` renders it, tests observe it directly.
 * Every toast lasts `TOAST_DURATION_MS` (2000 ms). `unlessShowing` drops the message when
 * another toast is already on screen (e.g. ten parallel calls failing with 网络错误).
 */
export type ToastKind = 'info' | 'warning' | 'error' | 'success';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  /** Milliseconds the toast stays visible. */
  duration: number;
}

export interface ToastOptions {
  /** Show nothing if a toast is already showing. */
  unlessShowing?: boolean;
}

type Show = (message: string, options?: ToastOptions) => ToastItem | null;

export interface ToastService {
  info: Show;
  warning: Show;
  error: Show;
  success: Show;
  show(kind: ToastKind, message: string, options?: ToastOptions): ToastItem | null;
  dismiss(id: number): void;
  clear(): void;
  /** Current toasts, oldest first. A new array on every change (safe for useSyncExternalStore). */
  list(): readonly ToastItem[];
  subscribe(listener: () => void): () => void;
}

export interface ToastServiceOptions {
  duration?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function createToastService(options: ToastServiceOptions = {}): ToastService {
  const duration = options.duration ?? TOAST_DURATION_MS;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let items: readonly ToastItem[] = [];
  let nextId = 1;
  const timers = new Map<number, unknown>();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };

  const dismiss = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimer(timer);
    timers.delete(id);
    if (!items.some((t) => t.id === id)) return;
    items = items.filter((t) => t.id !== id);
    emit();
  };

  const show = (kind: ToastKind, message: string, opts: ToastOptions = {}): ToastItem | null => {
    if (opts.unlessShowing && items.length > 0) return null;
    const item: ToastItem = { id: nextId++, kind, message, duration };
    items = [...items, item];
    timers.set(
      item.id,
      setTimer(() => dismiss(item.id), duration),
    );
    emit();
    return item;
  };

  return {
    show,
    info: (message, opts) => show('info', message, opts),
    warning: (message, opts) => show('warning', message, opts),
    error: (message, opts) => show('error', message, opts),
    success: (message, opts) => show('success', message, opts),
    dismiss,
    clear() {
      for (const timer of timers.values()) clearTimer(timer);
      timers.clear();
      if (items.length === 0) return;
      items = [];
      emit();
    },
    list: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's toast service. */
export const toast: ToastService = createToastService();
