import { CHRISTMAS, fetchCampaignDraws } from '../../flows/campaign';
import { usePagedList } from '../../flows/usePagedList';
import { ChristmasRecordsView } from './ChristmasRecordsView';

/** Container of `/christmas/records`: my draws of the Christmas campaign (listCampaignDraws, paged). */
export default function ChristmasRecordsPage() {
  const {
    onFilter: _onFilter,
    filter: _filter,
    ...records
  } = usePagedList(fetchCampaignDraws, {
    filter: { slug: CHRISTMAS.slug },
  });
  return <ChristmasRecordsView records={records} backHref={CHRISTMAS.path} />;
}
