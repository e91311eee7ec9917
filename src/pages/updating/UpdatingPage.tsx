import { UpdatingView } from './UpdatingView';

export default function UpdatingPage() {
  return <UpdatingView />;
}
