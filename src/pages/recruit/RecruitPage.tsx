import { useLocation } from 'react-router-dom';
import { loadRecruitStatus, useRecruitForm } from '../../flows/recruit';
import { useSessionView } from '../../flows/session';
import { useLoad } from '../../flows/useLoad';
import { loginFor, routedPath, HOME_INVITE_PATH, LOGIN_PATH, SHARE_PATH } from '../../routing/paths';
import { RecruitView } from './RecruitView';

/**
 * Container of `/activities/recruit` 校园推广官招募 (public): the role and rewards for everyone; a
 * visitor is asked to log in and comes back. A member: GET /v1/recruit/application, and without
 * an application the form's machine (src/flows/recruit.ts: the mobile RSA-encrypted, POST
 * /v1/recruit/application), which, once sent, reloads the application.
 */
export default function RecruitPage() {
  const { loggedIn } = useSessionView();
  const location = useLocation();
  const links = { sharePath: routedPath(SHARE_PATH) ?? null, invitePath: routedPath(HOME_INVITE_PATH) ?? null };
  if (!loggedIn)
    return (
      <RecruitView status="loggedOut" data={null} form={null} loginHref={loginFor(location.pathname)} {...links} />
    );
  return <MemberRecruit {...links} />;
}

function MemberRecruit(links: { sharePath: string | null; invitePath: string | null }) {
  const status = useLoad(loadRecruitStatus);
  const form = useRecruitForm(status.reload);
  return (
    <RecruitView
      status={status.status}
      data={status.data}
      error={status.error}
      onRetry={status.reload}
      {...form}
      loginHref={LOGIN_PATH}
      {...links}
    />
  );
}
