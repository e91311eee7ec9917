import { useCallback, useState } from 'react';
import type { SpinCheckState } from '../../components/DrawCheck';
import { CHRISTMAS, fetchCampaignDraws, type CampaignDrawData } from '../../flows/campaign';
import { usePagedList } from '../../flows/usePagedList';
import { checkSpin } from '../../services/lotteryVerify';
import { ChristmasRecordsView } from './ChristmasRecordsView';

/**
 * Container of `/christmas/records`: my draws of the Christmas campaign (listCampaignDraws, paged),
 * each re-checked in the browser once its day's seed is revealed (src/services/lotteryVerify.ts).
 */
export default function ChristmasRecordsPage() {
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
