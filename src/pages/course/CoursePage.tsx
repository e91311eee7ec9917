import { ANSWER_SHEET_PATH, COURSE_PATH, lessonPath, loadCourses } from '../../flows/course';
import { loginFor } from '../../routing/paths';
import { useSessionView } from '../../flows/session';
import { useLoad } from '../../flows/useLoad';
import { routedPath } from '../../routing/paths';
import { CourseView } from './CourseView';

/** Container of `/course` 新手课程: listCourses (with my progress when logged in), reloaded when I log in or out. */
export default function CoursePage() {
  const { loggedIn } = useSessionView();
  const course = useLoad((signal) => loadCourses(signal), [loggedIn]);
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
    />
  );
}
