import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { selectExchangeView } from '../../../machines/exchange';
import { appExchangeMachine } from '../../flows/exchange';
import {
  loginFor,
  routedPath,
  USER_CENTRE_PATH,
  exchangeSuccessPath,
  rewardDetailPath,
  NOT_FOUND_PATH,
} from '../../routing/paths';
import { RewardDetailView } from './RewardDetailView';
import { useConsigneeForm, useIdentityForm } from '../../flows/useFixForms';
import { shallowEqual } from '../../flows/shallowEqual';

/**
 * Container of `/exchange/detail/{id}` (public): the exchange machine with the app's actors
 * (src/flows/exchange.ts) and the inline fixes. A redemption lands on `/exchange/success?id=…`;
 * a visitor who taps redeem goes to /login and back.
 */

/** The personal centre binds payout accounts once it exists. */
const BINDING_PATH = USER_CENTRE_PATH;

export default function RewardDetailPage() {
  const { id } = useParams();
  const rewardId = Number(id);
  if (!Number.isInteger(rewardId) || rewardId <= 0) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <RewardDetail key={rewardId} rewardId={rewardId} />;
}

function RewardDetail({ rewardId }: { rewardId: number }) {
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      appExchangeMachine.provide({
        actions: {
          requestLogin: () => navigate(loginFor(rewardDetailPath(rewardId))),
        },
      }),
    [navigate, rewardId],
  );
  const actor = useActorRef(machine, { input: { rewardId } });
  const view = useSelector(actor, selectExchangeView, shallowEqual);
  const [openForm, setOpenForm] = useState<'identity' | 'address' | null>(null);
  const recheck = () => {
    setOpenForm(null);
    actor.send({ type: 'user.recheck' });
  };
  const identityForm = useIdentityForm(view.info?.mobile ?? null, recheck);
  const consigneeForm = useConsigneeForm(openForm === 'address', recheck);

  useEffect(() => {
    if (view.exchange && view.status !== 'tracking')
      navigate(exchangeSuccessPath(view.exchange.id), {
        replace: true,
        state: { balance: view.balanceAfter },
      });
  }, [view.exchange, view.status, view.balanceAfter, navigate]);

  return (
    <RewardDetailView
      {...view}
      openForm={openForm}
      identityForm={{ ...identityForm, onCancel: () => setOpenForm(null) }}
      consigneeForm={{ ...consigneeForm, onCancel: () => setOpenForm(null) }}
      bindingPath={routedPath(BINDING_PATH) ?? null}
      payoutUnavailable={view.info?.missing.cash.includes('payout_unavailable') ?? false}
      onRedeem={() => actor.send({ type: 'user.redeem' })}
      onConfirm={() => actor.send({ type: 'user.confirm' })}
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
      onChoosePayout={(platform) => actor.send({ type: 'user.choosePayout', platform })}
      onChooseCoupon={(couponId) => actor.send({ type: 'user.chooseCoupon', couponId })}
      onOpenForm={setOpenForm}
    />
  );
}
