import { useActorRef, useSelector } from '@xstate/react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { selectExchangeView } from '../../../machines/exchange';
import { copyText } from '../../components/clipboard';
import { appExchangeMachine } from '../../flows/exchange';
import { ExchangeSuccessView } from './ExchangeSuccessView';
import { shallowEqual } from '../../flows/shallowEqual';

/**
 * Container of `/exchange/success?id=…` (members): follows the new exchange through the exchange
 * machine (entry `{ exchangeId }`: getExchange, 刷新状态 re-reads it). Without an id → /exchange.
 */

export default function ExchangeSuccessPage() {
  const [params] = useSearchParams();
  const exchangeId = Number(params.get('id'));
  if (!Number.isInteger(exchangeId) || exchangeId <= 0) return <Navigate to="/exchange" replace />;
  return <Success key={exchangeId} exchangeId={exchangeId} />;
}

function Success({ exchangeId }: { exchangeId: number }) {
  const location = useLocation();
  const balance = (location.state as { balance?: number | null } | null)?.balance ?? null;
  const actor = useActorRef(appExchangeMachine, { input: { exchangeId } });
  const view = useSelector(actor, selectExchangeView, shallowEqual);
  return (
    <ExchangeSuccessView
      status={view.status}
      exchange={view.exchange}
      balanceAfter={balance}
      error={view.error}
      refreshError={view.refreshError}
      onRefresh={() => actor.send({ type: 'user.refresh' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
      onCopy={copyText}
    />
  );
}
