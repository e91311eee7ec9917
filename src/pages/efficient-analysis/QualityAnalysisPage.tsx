import { quietApi } from '../../api';
import { QualityVisitorView } from '../../components/quality/QualityVisitorView';
import { useSessionView } from '../../flows/session';
import { useLoad } from '../../flows/useLoad';
import { loginFor, routedPath } from '../../routing/paths';
import { QualityAnalysisView } from './QualityAnalysisView';

/**
 * Container of `/efficient/qualityAnalysis` 质量分析: getQuality's reason counts, with the advice of
 * openapi/rules/quality.ts (members); a visitor sees every cause with its advice and the login prompt.
 */
export default function QualityAnalysisPage() {
  const { loggedIn } = useSessionView();
  if (!loggedIn)
    return (
      <QualityVisitorView
        page="analysis"
        loginHref={loginFor('/efficient/qualityAnalysis')}
        links={{ level: routedPath('/efficient/level') ?? null, appraise: routedPath('/appraise') ?? null }}
      />
    );
  return <MemberAnalysis />;
}

function MemberAnalysis() {
  const q = useLoad((signal) => quietApi.call('getQuality', { signal }));
  return <QualityAnalysisView status={q.status} data={q.data} onRetry={q.reload} />;
}
