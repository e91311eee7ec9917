import { useActorRef, useSelector } from '@xstate/react';
import { selectExchangeView } from '../../machines/exchange';
import { copyText } from '../components/clipboard';
import type { FollowedExchangeProps } from '../components/exchange/followed';
import { appExchangeMachine } from './exchange';
import { shallowEqual } from './shallowEqual';

/** The exchange machine following one exchange (getExchange; 刷新状态 re-reads it), as view props. */
export function useFollowedExchange(exchangeId: number): FollowedExchangeProps {
  const actor = useActorRef(appExchangeMachine, { input: { exchangeId } });
  const view = useSelector(actor, selectExchangeView, shallowEqual);
  return {
    status: view.status,
    exchange: view.exchange,
    error: view.error,
    refreshError: view.refreshError,
    onRefresh: () => actor.send({ type: 'user.refresh' }),
    onRetry: () => actor.send({ type: 'user.retry' }),
    onCopy: copyText,
  };
}
