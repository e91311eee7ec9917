import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { BasicSurveyInfo, BasicSurveyOutcome } from '../../components/poll/types';
import { loadRegions, usePollAnswer, userSurveyMachine } from '../../flows/polls';
import { useSessionView } from '../../flows/session';
import { UserSurveyView } from './UserSurveyView';
import { loginFor } from '../../routing/paths';

/**
 * Container of `/user/survey` 个人属性问卷. Public (spec §2), but answering needs a login: a
 * logged-out visitor gets a login prompt that comes back here. Logged in: the questionnaire-
 * answering machine with the app's actors (src/flows/polls.ts) over GET/POST
 * /v1/users/survey/basic, prefilled with earlier answers; region questions read /v1/jd/cities.
 */

export default function UserSurveyPage() {
  const { loggedIn } = useSessionView();
  const location = useLocation();
  if (!loggedIn) {
    const here = `${location.pathname}${location.search}`;
    return (
      <UserSurveyView
        status="loggedOut"
        survey={null}
        questions={[]}
        answers={{}}
        errors={{}}
        focusRequest={0}
        progress={{ answered: 0, total: 0, requiredLeft: 0 }}
        loginHref={loginFor(here)}
      />
    );
  }
  return <UserSurveyForm />;
}

function UserSurveyForm() {
  const { view, form } = usePollAnswer<BasicSurveyInfo, BasicSurveyOutcome>(userSurveyMachine, {
    request: null,
  });
  const status = view.status === 'alreadySubmitted' ? 'submitted' : view.status;
  // 提交问卷 is at the foot of a long form: the success card replaces it at the top of the page,
  // so the page goes up to it rather than leaving the member below it at the old scroll position.
  useEffect(() => {
    if (status === 'submitted') window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [status]);
  return <UserSurveyView status={status} survey={view.meta} {...form} result={view.result} loadRegions={loadRegions} />;
}
