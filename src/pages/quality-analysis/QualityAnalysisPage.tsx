import { quietApi } from '../../api';
import { LazyQualityVisitorView } from '../../components/quality/LazyQualityVisitorView';
import { useLoggedIn } from '../../flows/sessionShell';
import { useLoad } from '../../flows/useLoad';
import { loginFor, routedPath, APPRAISE_PATH, QUALITY_ANALYSIS_PATH, QUALITY_LEVEL_PATH } from '../../routing/paths';
import { QualityAnalysisView } from './QualityAnalysisView';

/**
 * Container of `/efficient/qualityAnalysis` 质量分析: getQuality's reason counts, with the advice of
 * openapi/rules/quality.ts (members); a visitor sees every cause with its advice and the login prompt.
 */
export default function QualityAnalysisPage() {
  const loggedIn = useLoggedIn();
  if (!loggedIn)
    return (
      <LazyQualityVisitorView
        page="analysis"
        loginHref={loginFor(QUALITY_ANALYSIS_PATH)}
        links={{ level: routedPath(QUALITY_LEVEL_PATH) ?? null, appraise: routedPath(APPRAISE_PATH) ?? null }}
      />
    );
  return <MemberAnalysis />;
}

function MemberAnalysis() {
  const q = useLoad((signal) => quietApi.call('getQuality', { signal }));
  return <QualityAnalysisView status={q.status} data={q.data} onRetry={q.reload} />;
}
