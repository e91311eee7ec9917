import { NotFoundView } from './NotFoundView';
import { TASKS_PATH } from '../../routing/paths';

export default function NotFoundPage() {
  return <NotFoundView homePath="/" taskPath={TASKS_PATH} />;
}
