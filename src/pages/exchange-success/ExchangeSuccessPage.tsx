import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useLoggedIn } from '../../flows/sessionShell';
import { useFollowedExchange } from '../../flows/useFollowedExchange';
import { loginFor, EXCHANGE_PATH } from '../../routing/paths';
import { ExchangeResultVisitorView, ExchangeSuccessView } from './ExchangeSuccessView';

/**
 * Container of `/exchange/success?id=…`: a member's new exchange followed through the exchange
 * machine (entry `{ exchangeId }`: getExchange, 刷新状态 re-reads it; an id that is not theirs ends
 * in 没有找到这笔兑换 with the way to their records). Without an id → /exchange. A visitor (no member
 * call) sees what happens after redeeming and the login prompt coming back to the same address.
 */

export default function ExchangeSuccessPage() {
  const loggedIn = useLoggedIn();
  const location = useLocation();
  const [params] = useSearchParams();
  if (!loggedIn) return <ExchangeResultVisitorView loginHref={loginFor(`${location.pathname}${location.search}`)} />;
  const exchangeId = Number(params.get('id'));
  if (!Number.isInteger(exchangeId) || exchangeId <= 0) return <Navigate to={EXCHANGE_PATH} replace />;
  return <Success key={exchangeId} exchangeId={exchangeId} />;
}

function Success({ exchangeId }: { exchangeId: number }) {
  const location = useLocation();
  const balance = (location.state as { balance?: number | null } | null)?.balance ?? null;
  const followed = useFollowedExchange(exchangeId);
  return <ExchangeSuccessView {...followed} balanceAfter={balance} />;
}
