import { COMPANY_NAME, PRIVACY_EMAIL, PRODUCT_NAME } from '../../config';
import { PrivacyView } from './PrivacyView';

export default function PrivacyPage() {
  return (
    <PrivacyView
      companyName={COMPANY_NAME}
      productName={PRODUCT_NAME}
      privacyEmail={PRIVACY_EMAIL}
      updatedDate="2025 年 1 月 1 日"
      effectiveDate="2025 年 1 月 1 日"
    />
  );
}
