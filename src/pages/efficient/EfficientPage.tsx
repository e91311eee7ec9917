import { quietApi } from '../../api';
import { LazyQualityVisitorView } from '../../components/quality/LazyQualityVisitorView';
import { useLoggedIn } from '../../flows/sessionShell';
import { useLoad } from '../../flows/useLoad';
import {
  loginFor,
  matchRoute,
  APPRAISE_PATH,
  EFFICIENT_DETAIL_PATH,
  EFFICIENT_PATH,
  MONTHLY_REPORT_PATH,
  QUALITY_ANALYSIS_PATH,
  QUALITY_LEVEL_PATH,
} from '../../routing/paths';
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
        loginHref={loginFor(EFFICIENT_PATH)}
        links={{ level: routed(QUALITY_LEVEL_PATH), appraise: routed(APPRAISE_PATH) }}
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
        detail: routed(EFFICIENT_DETAIL_PATH),
        level: routed(QUALITY_LEVEL_PATH),
        analysis: routed(QUALITY_ANALYSIS_PATH),
        monthly: routed(MONTHLY_REPORT_PATH),
        appraise: routed(APPRAISE_PATH),
      }}
    />
  );
}
