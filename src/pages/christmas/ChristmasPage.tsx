import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { selectCampaignDrawView } from '../../../machines/campaignDraw';
import { campaignDrawMachineFor, CHRISTMAS, isMissingCampaign, loadCampaign } from '../../flows/campaign';
import { loginFor } from '../../routing/paths';
import { useSessionView } from '../../flows/session';
import { shallowEqual } from '../../flows/shallowEqual';
import { useLoad } from '../../flows/useLoad';
import { ChristmasView } from './ChristmasView';

/**
 * Container of `/christmas` 圣诞狂欢季: getCampaign (reloaded when I log in or out and after each
 * draw), the draw flow (machines/campaignDraw.ts with src/flows/campaign.ts's `draw`) and a
 * one-second clock on the server's time for the countdown.
 */
export default function ChristmasPage() {
  const { loggedIn } = useSessionView();
  const campaign = useLoad((signal) => loadCampaign(CHRISTMAS.slug, signal), [loggedIn], isMissingCampaign);
  const reload = useRef<() => void>(() => {});
  reload.current = campaign.reload;
  const machine = useMemo(
    () => campaignDrawMachineFor(CHRISTMAS.slug).provide({ actions: { drawn: () => reload.current() } }),
    [],
  );
  const actor = useActorRef(machine);
  const flow = useSelector(actor, selectCampaignDrawView, shallowEqual);
  useEffect(() => {
    actor.send({ type: 'campaign.loaded', left: campaign.data?.chances?.left ?? null });
  }, [actor, campaign.data]);

  // The server's clock: its `now` at load, moved on by the browser's clock every second.
  const serverNow = campaign.data?.now;
  const [now, setNow] = useState(() => serverNow ?? Date.now());
  useEffect(() => {
    if (serverNow === undefined) return;
    const offset = serverNow - Date.now();
    setNow(Date.now() + offset);
    const t = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(t);
  }, [serverNow]);

  return (
    <ChristmasView
      status={campaign.status}
      campaign={campaign.data}
      error={campaign.error}
      onRetry={campaign.reload}
      now={now}
      loggedIn={loggedIn}
      loginHref={loginFor(CHRISTMAS.path)}
      recordsHref={CHRISTMAS.records}
      flow={flow}
      onDraw={() => actor.send({ type: 'user.draw' })}
      onRetryDraw={() => actor.send({ type: 'user.retry' })}
      onClose={() => actor.send({ type: 'user.close' })}
    />
  );
}
