import type { ExchangeStatus, TrackedExchange } from '../../../machines/exchange';

/** One exchange followed through the exchange machine (刷新状态 re-reads it): the success page and a record's detail. */
export interface FollowedExchangeProps {
  status: ExchangeStatus;
  exchange: TrackedExchange | null;
  error?: string | null;
  refreshError?: string | null;
  onRefresh?: () => void;
  onRetry?: () => void;
  onCopy?: (value: string) => Promise<boolean> | boolean;
}
