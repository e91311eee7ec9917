import { BUSINESS_EMAIL, COMPANY_NAME, PRODUCT_NAME, SUPPORT_EMAIL } from '../../config';
import { AboutView } from './AboutView';

export default function AboutPage() {
  return (
    <AboutView
      companyName={COMPANY_NAME}
      productName={PRODUCT_NAME}
      supportEmail={SUPPORT_EMAIL}
      businessEmail={BUSINESS_EMAIL}
    />
  );
}
