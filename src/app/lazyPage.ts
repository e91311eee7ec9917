import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config';

/** A route chunk failed to load, or did not load within CHUNK_LOAD_TIMEOUT_MS (spec §8). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** Reject when `promise` has not settled after `ms`; wrap any failure as a ChunkLoadError. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`页面资源在 ${Math.round(ms / 1000)} 秒内未能加载`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError('页面资源加载失败', { cause: error }));
      },
    );
  });
}

const cache = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

/**
 * The lazy component of a route. React.lazy remembers a rejection forever, so a retry must
 * `forgetPage` first to get a fresh component that imports again.
 */
export function lazyPage(load: PageLoader, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): LazyExoticComponent<ComponentType> {
  let page = cache.get(load);
  if (!page) {
    page = lazy(() => withTimeout(load(), timeoutMs));
    cache.set(load, page);
  }
  return page;
}

export function forgetPage(load: PageLoader): void {
  cache.delete(load);
}
