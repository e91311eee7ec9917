import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { selectUseView } from '../../../machines/benefitUse';
import { Code } from '../../../openapi/codes';
import { isApiError, quietApi } from '../../api';
import { toTaskDetailView } from '../../components/task/model';
import { appBenefitUseMachine, taskCardsOf } from '../../flows/benefits';
import { shallowEqual } from '../../flows/shallowEqual';
import { useLoad } from '../../flows/useLoad';
import { TaskDetailView } from './TaskDetailView';

/**
 * Container of `/task/detail/{id}` (id = the task's hash id): getTask once, retry on failure; the
 * member's boost and early-access cards for it (listBenefits) and the card-use flow
 * (machines/benefitUse.ts), after which both are read again.
 */
export default function TaskDetailPage() {
  const { id = '' } = useParams();
  const task = useLoad(
    async (signal) => toTaskDetailView(await quietApi.call('getTask', { params: { id }, signal })),
    [id],
    (e) => isApiError(e) && (e.code === Code.NOT_FOUND || e.code === Code.INVALID_PARAMS || e.httpStatus === 404),
  );
  const t = task.data;
  const facts = t && {
    id: t.id,
    points: t.points,
    snap: t.snap,
    openAt: t.openAt,
    finished: t.mine?.status === 'finished',
  };
  // A card is an extra: when its list cannot be read the page shows the task without it.
  const cards = useLoad(async (signal) => (facts ? taskCardsOf(facts, Date.now(), signal) : null), [facts]);
  const points = useRef(0);
  points.current = t?.points ?? 0;
  const machine = useMemo(
    () =>
      appBenefitUseMachine(() => points.current).provide({
        actions: { used: () => (task.reload(), cards.reload()) },
      }),
    // reload functions are stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(machine);
  const cardFlow = useSelector(actor, selectUseView, shallowEqual);
  return (
    <TaskDetailView
      status={task.status}
      task={t}
      error={task.error}
      onRetry={task.reload}
      cards={cards.data}
      cardFlow={cardFlow}
      onUseCard={(card) => t && actor.send({ type: 'user.use', card, taskId: t.id })}
      onCardConfirm={() => actor.send({ type: 'user.confirm' })}
      onCardCancel={() => actor.send({ type: 'user.cancel' })}
      onCardRetry={() => actor.send({ type: 'user.retry' })}
      onCardClose={() => actor.send({ type: 'user.close' })}
    />
  );
}
