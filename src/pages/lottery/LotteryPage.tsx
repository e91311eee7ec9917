import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { selectLotteryView } from '../../../machines/lottery';
import { loginFor, LOTTERY_PATH } from '../../routing/paths';
import { appLotteryMachine, fetchSpins, loadLottery } from '../../flows/lottery';
import { useSessionView } from '../../flows/session';
import { shallowEqual } from '../../flows/shallowEqual';
import { useLoad } from '../../flows/useLoad';
import { usePagedList } from '../../flows/usePagedList';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../components/useMediaQuery';
import { checkSpin } from '../../services/lotteryVerify';
import { LotteryView, wheelRotation, type LotterySpinData, type SpinCheckState } from './LotteryView';

/** The wheel never waits longer than this for its animation's end (a hidden tab may never send it). */
const REVEAL_LIMIT_MS = 6000;

/**
 * Container of `/lottery` 幸运大转盘: getLottery (reloaded when I log in or out, after each spin and
 * when the server refuses a spin, so the spins left and balance shown are current),
 * the spin flow (machines/lottery.ts with src/flows/lottery.ts's `spin`), the wheel's turn to the
 * server's result (none with reduced motion), my records (listLotterySpins, paged) and their
 * check in the browser (src/services/lotteryVerify.ts).
 */
export default function LotteryPage() {
  const { loggedIn } = useSessionView();
  const wheel = useLoad((signal) => loadLottery(signal), [loggedIn]);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [rotation, setRotation] = useState(0);
  const [checks, setChecks] = useState<Record<number, SpinCheckState>>({});
  const reloads = useRef<() => void>(() => {});
  const recount = useRef<() => void>(() => {});

  const machine = useMemo(
    () => appLotteryMachine.provide({ actions: { spun: () => reloads.current(), recount: () => recount.current() } }),
    [],
  );
  const actor = useActorRef(machine);
  const flow = useSelector(actor, selectLotteryView, shallowEqual);
  const round = useRef(0);
  const records = usePagedList(fetchSpins, { filter: { member: loggedIn, round: 0 } });
  const { onFilter: showRecords, filter: _key, ...recordProps } = records;
  reloads.current = () => {
    wheel.reload();
    showRecords({ member: loggedIn, round: ++round.current });
  };
  // The server refused a spin the page offered (no spin left, 微豆不足: spent in another tab): show
  // the real spins left and balance next to the refusal.
  recount.current = wheel.reload;
  useEffect(() => showRecords({ member: loggedIn, round: round.current }), [loggedIn, showRecords]);

  useEffect(() => {
    actor.send({ type: 'wheel.loaded', left: wheel.data?.left ?? null });
  }, [actor, wheel.data]);

  // Turn the wheel to the drawn prize; with reduced motion (or no animation end) stop at once / in time.
  const prizes = wheel.data?.prizes;
  const drawn = flow.step === 'revealing' ? flow.outcome?.spin.drawnPrizeId : undefined;
  useEffect(() => {
    if (drawn === undefined) return;
    const list = prizes ?? [];
    setRotation((r) =>
      wheelRotation(
        r,
        Math.max(
          0,
          list.findIndex((p) => p.id === drawn),
        ),
        list.length,
      ),
    );
    if (reducedMotion) {
      actor.send({ type: 'wheel.stopped' });
      return;
    }
    const t = setTimeout(() => actor.send({ type: 'wheel.stopped' }), REVEAL_LIMIT_MS);
    return () => clearTimeout(t);
    // The turn is started once per revealed spin.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawn, flow.outcome]);

  const onVerify = useCallback((s: LotterySpinData) => {
    setChecks((c) => ({ ...c, [s.id]: { status: 'checking' } }));
    void checkSpin(s.verification, s.drawnPrizeId).then(
      (check) => setChecks((c) => ({ ...c, [s.id]: { status: 'done', check } })),
      () => setChecks((c) => ({ ...c, [s.id]: { status: 'done', check: null } })),
    );
  }, []);

  return (
    <LotteryView
      status={wheel.status}
      wheel={wheel.data}
      error={wheel.error}
      onRetry={wheel.reload}
      loggedIn={loggedIn}
      loginHref={loginFor(LOTTERY_PATH)}
      flow={flow}
      rotation={rotation}
      animate={!reducedMotion}
      onSpin={(source) => actor.send({ type: 'user.spin', source })}
      onStopped={() => actor.send({ type: 'wheel.stopped' })}
      onRetrySpin={() => actor.send({ type: 'user.retry' })}
      onClose={() => actor.send({ type: 'user.close' })}
      records={loggedIn ? recordProps : null}
      checks={checks}
      onVerify={onVerify}
    />
  );
}
