import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { selectBalanceAdjustment } from '../../../../machines/balanceAdjustment';
import { consoleAdjustMachine } from '../../flows/adjustBalance';
import { AdjustBalanceView } from './AdjustBalanceView';

export interface AdjustBalanceActionProps {
  memberId: number;
  /** How the page names the member in the dialog (昵称 · 会员号). */
  memberLabel: string;
  /** The member's balance as the page last read it: a debit may not take it below zero. */
  balance: number;
  /** The member changed (or may have): read them again. */
  onChanged: () => void;
}

/**
 * 调整微豆 for one member, self-contained: the button and its dialog, run by
 * machines/balanceAdjustment.ts. The member page renders it only for staff holding `balance.adjust`.
 */
export function AdjustBalanceAction(props: AdjustBalanceActionProps) {
  // Another member is another flow: a fresh machine, nothing of the last one's form.
  return <MemberAdjustment key={props.memberId} {...props} />;
}

function MemberAdjustment({ memberId, memberLabel, balance, onChanged }: AdjustBalanceActionProps) {
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  }, [onChanged]);
  const actor = useActorRef(consoleAdjustMachine.provide({ actions: { changed: () => changed.current() } }), {
    input: { memberId, balance },
  });
  // The snapshot (a new one only on a change), shaped for the view in render.
  const view = selectBalanceAdjustment(useSelector(actor, (snapshot) => snapshot));
  return (
    <AdjustBalanceView
      memberLabel={memberLabel}
      {...view}
      onOpen={() => actor.send({ type: 'user.open', balance })}
      onInput={(field, value) => actor.send({ type: 'user.input', field, value })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onClose={() => actor.send({ type: 'user.close' })}
    />
  );
}

export default AdjustBalanceAction;
