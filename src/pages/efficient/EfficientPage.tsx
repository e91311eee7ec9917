import { quietApi } from '../../api';
import { useLoad } from '../../flows/useLoad';
import { matchRoute } from '../../routing/paths';
import { EfficientView } from './EfficientView';

const routed = (path: string) => (matchRoute(path) ? path : null);

/** Container of `/efficient` 答题质量: getQuality. */
export default function EfficientPage() {
  const q = useLoad((signal) => quietApi.call('getQuality', { signal }));
  return (
    <EfficientView
      status={q.status}
      data={q.data}
      onRetry={q.reload}
      links={{
        detail: routed('/efficient/detail'),
        level: routed('/efficient/level'),
        analysis: routed('/efficient/qualityAnalysis'),
        monthly: routed('/efficient/monthly-report'),
        appraise: routed('/appraise'),
      }}
    />
  );
}
