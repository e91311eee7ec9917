import { PerkCard } from '../../components/PerkCard';
import { CHRISTMAS, loadCampaign } from '../../flows/campaign';
import { useLoad } from '../../flows/useLoad';

/**
 * 福利中心's seasonal campaign, loaded after the page (src/pages/welfare/WelfarePage.tsx) so the
 * page's first load does not carry the API client: getCampaign, shown while its phase is running.
 * A campaign that cannot be read is left out with no message — the page lists what there is.
 */
export default function WelfareSeason() {
  const campaign = useLoad((signal) => loadCampaign(CHRISTMAS.slug, signal).catch(() => null));
  const running = campaign.data?.phase === 'running' ? campaign.data : null;
  if (!running) return null;
  return (
    <PerkCard
      highlight
      perk={{
        icon: 'season',
        title: running.title,
        text: running.description || '限时活动进行中',
        to: CHRISTMAS.path,
      }}
    />
  );
}
