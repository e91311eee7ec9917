import { useCallback, useState } from 'react';
import type { SpinCheckState } from '../../components/DrawCheck';
import {
  CHRISTMAS,
  fetchCampaignDraws,
  isMissingCampaign,
  loadCampaign,
  type CampaignDrawData,
} from '../../flows/campaign';
import { useSessionView } from '../../flows/session';
import { useLoad } from '../../flows/useLoad';
import { usePagedList } from '../../flows/usePagedList';
import { loginFor } from '../../routing/paths';
import { checkSpin } from '../../services/lotteryVerify';
import { ChristmasRecordsView, ChristmasRecordsVisitorView } from './ChristmasRecordsView';

/**
 * Container of `/christmas/records`: my draws of the Christmas campaign (listCampaignDraws, paged),
 * each re-checked in the browser once its day's seed is revealed (src/services/lotteryVerify.ts).
 * A visitor (no member call) sees the campaign's rules and prizes (getCampaign) and the login prompt.
 */
export default function ChristmasRecordsPage() {
  const { loggedIn } = useSessionView();
  return loggedIn ? <MemberRecords /> : <VisitorRecords />;
}

function VisitorRecords() {
  const campaign = useLoad((signal) => loadCampaign(CHRISTMAS.slug, signal), [], isMissingCampaign);
  return (
    <ChristmasRecordsVisitorView
      status={campaign.status}
      campaign={campaign.data}
      error={campaign.error}
      onRetry={campaign.reload}
      backHref={CHRISTMAS.path}
      loginHref={loginFor(CHRISTMAS.records)}
    />
  );
}

function MemberRecords() {
  const {
    onFilter: _onFilter,
    filter: _filter,
    ...records
  } = usePagedList(fetchCampaignDraws, {
    filter: { slug: CHRISTMAS.slug },
  });
  const [checks, setChecks] = useState<Record<number, SpinCheckState>>({});
  const onVerify = useCallback((d: CampaignDrawData) => {
    setChecks((c) => ({ ...c, [d.id]: { status: 'checking' } }));
    void checkSpin(d, d.drawnPrizeId).then(
      (check) => setChecks((c) => ({ ...c, [d.id]: { status: 'done', check } })),
      () => setChecks((c) => ({ ...c, [d.id]: { status: 'done', check: null } })),
    );
  }, []);
  return <ChristmasRecordsView records={records} backHref={CHRISTMAS.path} checks={checks} onVerify={onVerify} />;
}
