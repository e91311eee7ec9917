import { PRODUCT_NAME } from '../../config';
import { siteProfile } from '../../services/siteProfile';
import { AboutView } from './AboutView';

export default function AboutPage() {
  const site = siteProfile();
  return (
    <AboutView
      companyName={site.companyName}
      productName={PRODUCT_NAME}
      supportEmail={site.supportEmail}
      businessEmail={site.businessEmail}
    />
  );
}
