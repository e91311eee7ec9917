import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useFollowedExchange } from '../../flows/useFollowedExchange';
import { ExchangeSuccessView } from './ExchangeSuccessView';

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
  const followed = useFollowedExchange(exchangeId);
  return <ExchangeSuccessView {...followed} balanceAfter={balance} />;
}
