import { BUSINESS_EMAIL } from '../../config';
import { CooperateView } from './CooperateView';

export default function CooperatePage() {
  return <CooperateView businessEmail={BUSINESS_EMAIL} />;
}
