import { CHRISTMAS, isMissingCampaign, loadCampaign } from '../../flows/campaign';
import { useLoad } from '../../flows/useLoad';
import { loginFor } from '../../routing/paths';
import { ChristmasRecordsVisitorView } from './ChristmasRecordsVisitorView';

/**
 * `/christmas/records` for a visitor, loaded only for one (the records page's first load does not
 * carry it): getCampaign, which a visitor may read, for the rules and prizes; the login prompt.
 */
export default function ChristmasRecordsVisitor() {
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
