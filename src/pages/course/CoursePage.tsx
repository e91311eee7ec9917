import { quietApi } from '../../api';
import { loadCourses } from '../../flows/course';
import { useSessionView } from '../../flows/session';
import { useLoad } from '../../flows/useLoad';
import {
  loginFor,
  routedHref,
  routedPath,
  ANSWER_SHEET_PATH,
  COURSE_PATH,
  lessonPath,
  quizResultPath,
} from '../../routing/paths';
import { CourseView } from './CourseView';

/**
 * Container of `/course` 新手课程: listCourses (with my progress when logged in), reloaded when I log
 * in or out, and for a member getQuizStatus (attempts left today, an attempt to resume, the last
 * result) — an extra: without it the quiz card shows the rules only.
 */
export default function CoursePage() {
  const { loggedIn } = useSessionView();
  const course = useLoad((signal) => loadCourses(signal), [loggedIn]);
  const quiz = useLoad(
    (signal) => (loggedIn ? quietApi.call('getQuizStatus', { signal }).catch(() => null) : Promise.resolve(null)),
    [loggedIn],
  );
  const q = quiz.data;
  return (
    <CourseView
      status={course.status}
      course={course.data}
      error={course.error}
      onRetry={course.reload}
      loggedIn={loggedIn}
      lessonPath={lessonPath}
      quizHref={routedPath(ANSWER_SHEET_PATH) ?? null}
      loginHref={loginFor(COURSE_PATH)}
      quizStatus={
        q && {
          attemptsLeft: q.attemptsLeft,
          resuming: q.openAttemptId !== null,
          lastResultHref: q.lastAttemptId === null ? null : (routedHref(quizResultPath(q.lastAttemptId)) ?? null),
        }
      }
    />
  );
}
