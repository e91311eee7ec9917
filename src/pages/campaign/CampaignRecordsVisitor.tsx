import { isMissingCampaign, loadCampaign } from '../../flows/campaign';
import { useLoad } from '../../flows/useLoad';
import { campaignPaths, loginFor, WELFARE_PATH } from '../../routing/paths';
import { CampaignRecordsVisitorView } from './CampaignRecordsVisitorView';

/**
 * A campaign's records for a visitor, loaded only for one (the records page's first load does not
 * carry it): getCampaign, which a visitor may read, for the rules and prizes; the login prompt.
 */
export default function CampaignRecordsVisitor({ slug }: { slug: string }) {
  const campaign = useLoad((signal) => loadCampaign(slug, signal), [slug], isMissingCampaign);
  return (
    <CampaignRecordsVisitorView
      status={campaign.status}
      campaign={campaign.data}
      error={campaign.error}
      onRetry={campaign.reload}
      backHref={campaignPaths.page(slug)}
      loginHref={loginFor(campaignPaths.records(slug))}
      moreHref={WELFARE_PATH}
    />
  );
}
