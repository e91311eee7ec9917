import { lazy, Suspense, useCallback, useState } from 'react';
import { LoadingState } from '../../components/ListStates';
import type { SpinCheckState } from '../../components/DrawCheck';
import { CHRISTMAS, fetchCampaignDraws, type CampaignDrawData } from '../../flows/campaign';
import { useLoggedIn } from '../../flows/sessionShell';
import { usePagedList } from '../../flows/usePagedList';
import { checkSpin } from '../../services/lotteryVerify';
import { ChristmasRecordsView } from './ChristmasRecordsView';

const VisitorRecords = lazy(() => import('./ChristmasRecordsVisitor'));

/**
 * Container of `/christmas/records`: my draws of the Christmas campaign (listCampaignDraws, paged),
 * each re-checked in the browser once its day's seed is revealed (src/services/lotteryVerify.ts).
 * A visitor (no member call) sees the campaign's rules and prizes (getCampaign) and the login prompt.
 */
export default function ChristmasRecordsPage() {
  const loggedIn = useLoggedIn();
  return loggedIn ? (
    <MemberRecords />
  ) : (
    <Suspense fallback={<LoadingState />}>
      <VisitorRecords />
    </Suspense>
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
