import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { selectCampaignDrawView } from '../../../machines/campaignDraw';
import { campaignDrawMachineFor, isMissingCampaign, loadCampaign, useCampaignTitle } from '../../flows/campaign';
import { campaignPaths, campaignSlugOf, loginFor, WELFARE_PATH } from '../../routing/paths';
import { useSessionView } from '../../flows/session';
import { shallowEqual } from '../../flows/shallowEqual';
import { useLoad } from '../../flows/useLoad';
import { CampaignView } from './CampaignView';

/**
 * Container of a seasonal campaign's page, `/campaigns/:slug` (the Christmas one also at
 * `/christmas`): getCampaign (reloaded when I log in or out and after each draw), the draw flow
 * (machines/campaignDraw.ts with src/flows/campaign.ts's `draw`) and a one-second clock on the
 * server's time for the countdown. Another slug is another campaign: everything starts afresh.
 */
export default function CampaignPage() {
  const slug = campaignSlugOf(useParams());
  return <Campaign key={slug} slug={slug} />;
}

function Campaign({ slug }: { slug: string }) {
  const { loggedIn } = useSessionView();
  const campaign = useLoad((signal) => loadCampaign(slug, signal), [slug, loggedIn], isMissingCampaign);
  useCampaignTitle(campaign.data?.title);
  const reload = useRef<() => void>(() => {});
  reload.current = campaign.reload;
  const machine = useMemo(
    () => campaignDrawMachineFor(slug).provide({ actions: { drawn: () => reload.current() } }),
    [slug],
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
    <CampaignView
      status={campaign.status}
      campaign={campaign.data}
      error={campaign.error}
      onRetry={campaign.reload}
      now={now}
      loggedIn={loggedIn}
      loginHref={loginFor(campaignPaths.page(slug))}
      recordsHref={campaignPaths.records(slug)}
      moreHref={WELFARE_PATH}
      flow={flow}
      onDraw={() => actor.send({ type: 'user.draw' })}
      onRetryDraw={() => actor.send({ type: 'user.retry' })}
      onClose={() => actor.send({ type: 'user.close' })}
    />
  );
}
