import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { selectUseView } from '../../../machines/benefitUse';
import { TaskCardsView } from '../../components/benefits/TaskCards';
import { shallowEqual } from '../../flows/shallowEqual';
import { appBenefitUseMachine, taskCardsOf } from '../../flows/taskCards';
import { useLoad } from '../../flows/useLoad';

export interface TaskCardsPanelProps {
  task: { id: number; points: number; snap: boolean; openAt: number; finished: boolean };
  /** A card was used: the task page reads the task again (an early-access card opens it sooner). */
  onUsed: () => void;
}

/**
 * The task page's cards (加成卡, 抢答优先), a sub-container loaded only when the task page is
 * shown (TaskDetailPage lazy-loads it, so the page's first load does not carry the card flow):
 * listBenefits for the member's cards that fit, and the use flow (machines/benefitUse.ts), after
 * which both the cards and the task are read again. Nothing shows while the cards are unknown or
 * none fits: a card is an extra to the task.
 */
export default function TaskCardsPanel({ task, onUsed }: TaskCardsPanelProps) {
  const cards = useLoad((signal) => taskCardsOf(task, Date.now(), signal), [task]);
  const points = useRef(task.points);
  points.current = task.points;
  const used = useRef(onUsed);
  used.current = onUsed;
  const machine = useMemo(
    () =>
      appBenefitUseMachine(() => points.current).provide({
        actions: { used: () => (used.current(), cards.reload()) },
      }),
    // reload is stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(machine);
  const flow = useSelector(actor, selectUseView, shallowEqual);
  if (!cards.data) return null;
  return (
    <TaskCardsView
      points={task.points}
      openAt={task.openAt}
      usable={cards.data.usable}
      onTask={cards.data.onTask}
      flow={flow}
      onUse={(card) => actor.send({ type: 'user.use', card, taskId: task.id })}
      onConfirm={() => actor.send({ type: 'user.confirm' })}
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
      onClose={() => actor.send({ type: 'user.close' })}
    />
  );
}
