import { siteProfile } from '../../services/siteProfile';
import { CooperateView } from './CooperateView';

export default function CooperatePage() {
  return <CooperateView businessEmail={siteProfile().businessEmail} />;
}
