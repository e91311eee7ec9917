import { quietApi } from '../../api';
import { useLoad } from '../../flows/useLoad';
import { EfficientLevelView } from './EfficientLevelView';

/** Container of `/efficient/level` 质量等级: getQualityLevels. */
export default function EfficientLevelPage() {
  const q = useLoad((signal) => quietApi.call('getQualityLevels', { signal }));
  return <EfficientLevelView status={q.status} data={q.data} onRetry={q.reload} />;
}
