import { useSearchParams } from 'react-router-dom';
import {
  ANSWER_SHEET_PATH,
  COURSE_PATH,
  courseIdOf,
  isMissingCourse,
  lessonPath,
  loadQuizResult,
} from '../../flows/course';
import { useLoad } from '../../flows/useLoad';
import { routedPath } from '../../routing/paths';
import { QuizResultView } from './QuizResultView';

/** Container of `/answerSheet/result?attempt=<id>`: getQuizResult (only a submitted attempt of mine). */
export default function QuizResultPage() {
  const attemptId = courseIdOf(useSearchParams()[0].get('attempt') ?? undefined);
  const result = useLoad((signal) => loadQuizResult(attemptId, signal), [attemptId], isMissingCourse);
  return (
    <QuizResultView
      status={result.status}
      result={result.data}
      error={result.error}
      onRetry={result.reload}
      lessonPath={lessonPath}
      coursePath={COURSE_PATH}
      quizPath={ANSWER_SHEET_PATH}
      pointsHref={routedPath('/home/gold') ?? null}
      tasksHref={routedPath('/task') ?? null}
    />
  );
}
