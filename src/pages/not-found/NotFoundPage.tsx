import { NotFoundView } from './NotFoundView';

export default function NotFoundPage() {
  return <NotFoundView homePath="/" taskPath="/task" />;
}
