import { useCallback, useState } from 'react';
import { fromPromise } from 'xstate';
import type { z } from 'zod';
import {
  answerSheetMachine,
  type QuizAttemptData,
  type SubmitInput,
  type SubmittedQuiz,
} from '../../machines/answerSheet';
import { Code } from '../../openapi/codes';
import type { CourseLesson, CourseList, QuizResult } from '../../openapi/schemas/course';
import { api, isApiError, quietApi } from '../api';
import { helpIdOf, NotAHelpId } from './help';

/**
 * The newcomer course's calls for its pages: the lessons with the member's progress (listCourses),
 * one lesson (getCourse) and 学完了 (readCourse), the answer sheet machine's actors (startQuiz,
 * submitQuiz: the page shows their refusals itself, so they go through `quietApi`) and a scored
 * attempt (getQuizResult).
 */
export type CourseListData = z.output<typeof CourseList>;
export type CourseLessonData = z.output<typeof CourseLesson>;
export type QuizResultData = z.output<typeof QuizResult>;

/** `12` → 12; anything that is not a positive whole number → null. */
export const courseIdOf = helpIdOf;

export const loadCourses = (signal?: AbortSignal): Promise<CourseListData> =>
  quietApi.call('listCourses', signal ? { signal } : {});

export const loadLesson = (id: number | null, signal?: AbortSignal): Promise<CourseLessonData> =>
  id === null
    ? Promise.reject(new NotAHelpId())
    : quietApi.call('getCourse', { params: { id }, ...(signal ? { signal } : {}) });

export const loadQuizResult = (attemptId: number | null, signal?: AbortSignal): Promise<QuizResultData> =>
  attemptId === null
    ? Promise.reject(new NotAHelpId())
    : quietApi.call('getQuizResult', { params: { id: attemptId }, ...(signal ? { signal } : {}) });

/** A lesson or attempt that is not there (or not yours, or a path that is no id; an attempt not submitted yet). */
export const isMissingCourse = (e: unknown) =>
  e instanceof NotAHelpId ||
  (isApiError(e) &&
    (e.code === Code.NOT_FOUND ||
      e.code === Code.INVALID_PARAMS ||
      e.code === Code.QUIZ_NOT_SUBMITTED ||
      e.httpStatus === 404));

/** 学完了: marks the lesson read (a refusal is the toast's); `read` once it is. */
export function useLessonRead(lesson: CourseLessonData | null) {
  const [marked, setMarked] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const id = lesson?.id ?? null;
  const markRead = useCallback(() => {
    if (id === null) return;
    setSending(true);
    api.call('readCourse', { params: { id } }).then(
      () => {
        setMarked(id);
        setSending(false);
      },
      () => setSending(false),
    );
  }, [id]);
  return { read: Boolean(lesson?.read) || (id !== null && marked === id), sending, onMarkRead: markRead };
}

/** The answer sheet machine with the app's actors: start (or resume) an attempt, submit it once. */
export const appAnswerSheetMachine = answerSheetMachine.provide({
  actors: {
    start: fromPromise<QuizAttemptData>(({ signal }) => quietApi.call('startQuiz', { signal })),
    submit: fromPromise<SubmittedQuiz, SubmitInput>(async ({ input }) => {
      const r = await quietApi.call('submitQuiz', {
        params: { id: input.attemptId },
        body: { answers: input.answers },
      });
      return { attemptId: r.attemptId, passed: r.passed };
    }),
  },
});
