import { useParams } from 'react-router-dom';
import { courseIdOf, isMissingCourse, loadLesson, useLessonRead } from '../../flows/course';
import { loginFor, ANSWER_SHEET_PATH, COURSE_PATH, lessonPath } from '../../routing/paths';
import { useSessionView } from '../../flows/session';
import { useLoad } from '../../flows/useLoad';
import { routedPath } from '../../routing/paths';
import { LessonView } from './LessonView';

/** Container of `/course/{id}`: getCourse (with my progress), 学完了 through readCourse. */
export default function LessonPage() {
  const id = courseIdOf(useParams().id);
  const { loggedIn } = useSessionView();
  const lesson = useLoad((signal) => loadLesson(id, signal), [id, loggedIn], isMissingCourse);
  const read = useLessonRead(lesson.data);
  return (
    <LessonView
      status={lesson.status}
      lesson={lesson.data}
      error={lesson.error}
      onRetry={lesson.reload}
      loggedIn={loggedIn}
      {...read}
      lessonPath={lessonPath}
      coursePath={COURSE_PATH}
      quizHref={routedPath(ANSWER_SHEET_PATH) ?? null}
      loginHref={loginFor(id === null ? COURSE_PATH : lessonPath(id))}
    />
  );
}
