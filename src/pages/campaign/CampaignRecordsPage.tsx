import { lazy, Suspense, useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { LoadingState } from '../../components/ListStates';
import type { SpinCheckState } from '../../components/DrawCheck';
import { fetchCampaignDraws, isMissingCampaign, loadCampaign, type CampaignDrawData } from '../../flows/campaign';
import { useLoggedIn } from '../../flows/sessionShell';
import { useLoad } from '../../flows/useLoad';
import { usePagedList } from '../../flows/usePagedList';
import { campaignPaths, campaignSlugOf, WELFARE_PATH } from '../../routing/paths';
import { checkSpin } from '../../services/lotteryVerify';
import { CampaignRecordsView } from './CampaignRecordsView';

const VisitorRecords = lazy(() => import('./CampaignRecordsVisitor'));

/**
 * Container of a campaign's records, `/campaigns/:slug/records` (`/christmas/records` for the
 * Christmas one): my draws of the campaign (listCampaignDraws, paged), each re-checked in the
 * browser once its day's seed is revealed (src/services/lotteryVerify.ts), under the campaign's
 * title (getCampaign; no such campaign: the not-found state). A visitor (no member call) sees the
 * campaign's rules and prizes and the login prompt.
 */
export default function CampaignRecordsPage() {
  const slug = campaignSlugOf(useParams());
  const loggedIn = useLoggedIn();
  return loggedIn ? (
    <MemberRecords key={slug} slug={slug} />
  ) : (
    <Suspense fallback={<LoadingState />}>
      <VisitorRecords key={slug} slug={slug} />
    </Suspense>
  );
}

function MemberRecords({ slug }: { slug: string }) {
  const campaign = useLoad((signal) => loadCampaign(slug, signal), [slug], isMissingCampaign);
  const title = campaign.data?.title;
  const {
    onFilter: _onFilter,
    filter: _filter,
    ...records
  } = usePagedList(fetchCampaignDraws, {
    filter: { slug },
  });
  const [checks, setChecks] = useState<Record<number, SpinCheckState>>({});
  const onVerify = useCallback((d: CampaignDrawData) => {
    setChecks((c) => ({ ...c, [d.id]: { status: 'checking' } }));
    void checkSpin(d, d.drawnPrizeId).then(
      (check) => setChecks((c) => ({ ...c, [d.id]: { status: 'done', check } })),
      () => setChecks((c) => ({ ...c, [d.id]: { status: 'done', check: null } })),
    );
  }, []);
  return (
    <CampaignRecordsView
      records={records}
      campaignTitle={title ?? null}
      notFound={campaign.status === 'notFound'}
      backHref={campaignPaths.page(slug)}
      moreHref={WELFARE_PATH}
      checks={checks}
      onVerify={onVerify}
    />
  );
}
