import { useSearchParams } from 'react-router-dom';
import { courseIdOf, isMissingCourse, loadQuizResult } from '../../flows/course';
import { useLoad } from '../../flows/useLoad';
import { routedPath, ANSWER_SHEET_PATH, COURSE_PATH, lessonPath, GOLD_PATH, TASKS_PATH } from '../../routing/paths';
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
      pointsHref={routedPath(GOLD_PATH) ?? null}
      tasksHref={routedPath(TASKS_PATH) ?? null}
    />
  );
}
