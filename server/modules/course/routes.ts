/** The newcomer course (lessons, progress) and the answer sheet (quiz attempts scored on the server). */
import {
  getCourse,
  getQuizResult,
  getQuizStatus,
  listCourses,
  readCourse,
  startQuiz,
  submitQuiz,
} from '../../../openapi/operations/course';
import { handle } from '../../http/handle';
import {
  courseLesson,
  listCourses as courses,
  markLessonRead,
  quizResult,
  quizStatus,
  startQuiz as start,
  submitQuiz as submit,
} from './service';

export const routes = [
  handle(listCourses, async ({ ctx, viewer }) => courses(ctx.db, viewer?.id ?? null)),
  handle(getCourse, async ({ ctx, params, viewer }) => courseLesson(ctx.db, params.id, viewer?.id ?? null)),
  handle(readCourse, async ({ ctx, params, member }) => markLessonRead(ctx, member.id, params.id)),
  handle(getQuizStatus, async ({ ctx, member }) => quizStatus(ctx, member.id)),
  handle(startQuiz, async ({ ctx, member }) => start(ctx, member.id)),
  handle(submitQuiz, async ({ ctx, params, member, body }) => submit(ctx, member.id, params.id, body)),
  handle(getQuizResult, async ({ ctx, params, member }) => quizResult(ctx, member.id, params.id)),
];
