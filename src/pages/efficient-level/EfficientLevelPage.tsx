import { quietApi } from '../../api';
import { useLoggedIn } from '../../flows/sessionShell';
import { useLoad } from '../../flows/useLoad';
import { loginFor, QUALITY_LEVEL_PATH } from '../../routing/paths';
import { EfficientLevelView } from './EfficientLevelView';

/**
 * Container of `/efficient/level` 质量等级: getQualityLevels (open to visitors: the rules in full,
 * without a place; read again when I log in or out), and the login prompt for a visitor.
 */
export default function EfficientLevelPage() {
  const loggedIn = useLoggedIn();
  const q = useLoad((signal) => quietApi.call('getQualityLevels', { signal }), [loggedIn]);
  return (
    <EfficientLevelView status={q.status} data={q.data} onRetry={q.reload} loginHref={loginFor(QUALITY_LEVEL_PATH)} />
  );
}
