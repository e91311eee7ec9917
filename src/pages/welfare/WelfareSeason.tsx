import { CampaignPerks } from '../../components/CampaignPerks';
import { loadLiveCampaigns } from '../../flows/campaign';
import { useLoad } from '../../flows/useLoad';
import { campaignPaths } from '../../routing/paths';

/**
 * 福利中心's seasonal campaigns, loaded after the page (src/pages/welfare/WelfarePage.tsx) so the
 * page's first load does not carry the API client: listCampaigns, every running and upcoming one,
 * each linking to its page. A list that cannot be read is left out with no message — the page
 * lists what there is.
 */
export default function WelfareSeason() {
  const campaigns = useLoad((signal) => loadLiveCampaigns(signal).catch(() => []));
  return <CampaignPerks campaigns={(campaigns.data ?? []).map((c) => ({ ...c, to: campaignPaths.page(c.slug) }))} />;
}
