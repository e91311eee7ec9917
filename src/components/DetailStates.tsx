import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from './ListStates';
import { WhiteCard } from './WhiteCard';

export interface DetailStatesProps {
  status: 'loading' | 'ready' | 'error' | 'notFound';
  /** What `notFound` says, and where it offers to go instead. */
  notFound: { title: string; description: string; link: { to: string; label: string } };
  /** The `error` state's title (解答加载失败). */
  failedTitle: string;
  error?: string | null;
  onRetry?: () => void;
  /** What `loading` says (default 正在加载…). */
  loadingLabel?: string;
  /** The detail itself, rendered when ready (a function: its data is there only then). */
  children: () => ReactNode;
}

/** A detail page's card while it is not ready (loading, not found, failed), else the detail (a help answer, a tip, a lesson). */
export function DetailStates({
  status,
  notFound,
  failedTitle,
  error,
  onRetry,
  loadingLabel = '正在加载…',
  children,
}: DetailStatesProps) {
  if (status === 'ready') return <>{children()}</>;
  return (
    <WhiteCard minH="240px">
      {status === 'loading' ? (
        <LoadingState label={loadingLabel} paddingTop={40} />
      ) : status === 'notFound' ? (
        <EmptyState paddingTop={32} {...notFound} />
      ) : (
        <ErrorState paddingTop={32} title={failedTitle} description={error || undefined} onRetry={onRetry} />
      )}
    </WhiteCard>
  );
}
