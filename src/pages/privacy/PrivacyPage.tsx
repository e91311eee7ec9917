import { PRODUCT_NAME } from '../../config';
import { siteProfile } from '../../services/siteProfile';
import { PrivacyView } from './PrivacyView';

export default function PrivacyPage() {
  const site = siteProfile();
  return (
    <PrivacyView
      companyName={site.companyName}
      productName={PRODUCT_NAME}
      privacyEmail={site.privacyEmail}
      updatedDate="2025 年 1 月 1 日"
      effectiveDate="2025 年 1 月 1 日"
    />
  );
}
