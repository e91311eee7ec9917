import { quietApi } from '../../api';
import { LazyQualityVisitorView } from '../../components/quality/LazyQualityVisitorView';
import { useLoggedIn } from '../../flows/sessionShell';
import { useLoad } from '../../flows/useLoad';
import { loginFor, matchRoute } from '../../routing/paths';
import { EfficientView } from './EfficientView';

const routed = (path: string) => (matchRoute(path) ? path : null);

/**
 * Container of `/efficient` 答题质量: getQuality for a member; a visitor (no member call) sees what
 * answer quality is, the levels and the causes, and the login prompt coming back here.
 */
export default function EfficientPage() {
  const loggedIn = useLoggedIn();
  if (!loggedIn)
    return (
      <LazyQualityVisitorView
        page="overview"
        loginHref={loginFor('/efficient')}
        links={{ level: routed('/efficient/level'), appraise: routed('/appraise') }}
      />
    );
  return <MemberQuality />;
}

function MemberQuality() {
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
