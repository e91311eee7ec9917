import { quietApi } from '../../api';
import { useLoad } from '../../flows/useLoad';
import { QualityAnalysisView } from './QualityAnalysisView';

/** Container of `/efficient/qualityAnalysis` 质量分析: getQuality's reason counts, with the advice of openapi/rules/quality.ts. */
export default function QualityAnalysisPage() {
  const q = useLoad((signal) => quietApi.call('getQuality', { signal }));
  return <QualityAnalysisView status={q.status} data={q.data} onRetry={q.reload} />;
}
