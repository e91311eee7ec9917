import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { selectAdjustmentDecision } from '../../../../machines/adjustmentDecision';
import { useLoad } from '../../../flows/useLoad';
import { useStaffSession } from '../../app/staffSession';
import { consoleDecisionMachine, listPendingAdjustments } from '../../flows/adjustments';
import { AdjustmentsView } from './AdjustmentsView';

/** /admin/adjustments (balance.approve): the four-eyes requests waiting for a second account. */
export default function AdjustmentsPage() {
  const { staff } = useStaffSession();
  const list = useLoad((signal) => listPendingAdjustments(signal));
  const reload = useRef(list.reload);
  useEffect(() => {
    reload.current = list.reload;
  }, [list.reload]);
  const actor = useActorRef(consoleDecisionMachine.provide({ actions: { decided: () => reload.current() } }), {
    input: { me: staff?.login ?? '' },
  });
  // The snapshot (a new one only on a change), shaped for the view in render.
  const decision = selectAdjustmentDecision(useSelector(actor, (snapshot) => snapshot));
  return (
    <AdjustmentsView
      status={list.data ? 'ready' : list.status}
      rows={list.data?.list ?? []}
      total={list.data?.total ?? 0}
      error={list.error}
      me={staff?.login ?? ''}
      now={Date.now()}
      {...decision}
      onRetry={list.reload}
      onDecide={(kind, adjustment) => actor.send({ type: 'user.decide', kind, adjustment })}
      onInput={(field, value) => actor.send({ type: 'user.input', field, value })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      onCancel={() => actor.send({ type: 'user.cancel' })}
    />
  );
}
