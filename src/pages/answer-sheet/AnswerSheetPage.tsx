import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { selectAnswerSheetView } from '../../../machines/answerSheet';
import { appAnswerSheetMachine } from '../../flows/course';
import { loginFor, ANSWER_SHEET_PATH, COURSE_PATH, quizResultPath } from '../../routing/paths';
import { useSessionView } from '../../flows/session';
import { AnswerSheetView } from './AnswerSheetView';

/** Container of `/answerSheet`: a visitor is asked to log in; a member gets the answer sheet machine. */
export default function AnswerSheetPage() {
  const { loggedIn } = useSessionView();
  return loggedIn ? (
    <Sheet />
  ) : (
    <AnswerSheetView sheet={null} coursePath={COURSE_PATH} loginHref={loginFor(ANSWER_SHEET_PATH)} />
  );
}

function Sheet() {
  const navigate = useNavigate();
  const actor = useActorRef(
    appAnswerSheetMachine.provide({
      actions: {
        submitted: ({ context }) => {
          if (context.submitted) navigate(quizResultPath(context.submitted.attemptId), { replace: true });
        },
      },
    }),
  );
  const sheet = useSelector(actor, selectAnswerSheetView);
  return (
    <AnswerSheetView
      sheet={sheet}
      onChoose={(option) => actor.send({ type: 'user.choose', option })}
      onPrev={() => actor.send({ type: 'user.prev' })}
      onNext={() => actor.send({ type: 'user.next' })}
      onGoto={(index) => actor.send({ type: 'user.goto', index })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
      coursePath={COURSE_PATH}
      loginHref={loginFor(ANSWER_SHEET_PATH)}
    />
  );
}
