import { PRODUCT_NAME } from '../../config';
import { siteProfile } from '../../services/siteProfile';
import { AgreementView } from './AgreementView';

export default function AgreementPage() {
  const site = siteProfile();
  return (
    <AgreementView
      companyName={site.companyName}
      productName={PRODUCT_NAME}
      supportEmail={site.supportEmail}
      updatedDate="2025 年 1 月 1 日"
      effectiveDate="2025 年 1 月 1 日"
    />
  );
}
