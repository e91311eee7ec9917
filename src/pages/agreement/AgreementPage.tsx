import { COMPANY_NAME, PRODUCT_NAME, SUPPORT_EMAIL } from '../../config';
import { AgreementView } from './AgreementView';

export default function AgreementPage() {
  return (
    <AgreementView
      companyName={COMPANY_NAME}
      productName={PRODUCT_NAME}
      supportEmail={SUPPORT_EMAIL}
      updatedDate="2025 年 1 月 1 日"
      effectiveDate="2025 年 1 月 1 日"
    />
  );
}
