import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import {
  recruitApplicationMachine,
  selectRecruitFormView,
  type RecruitSubmitInput,
} from '../../machines/recruitApplication';
import type { RecruitField } from '../../openapi/rules/recruit';
import type { RecruitGrade } from '../../openapi/rules/recruit';
import { quietApi } from '../api';
import { encrypt } from '../api/encrypt';

/**
 * The recruitment form's actor over the API: the contact mobile RSA-encrypted like every mobile
 * the site sends (src/api/encrypt.ts), then POST /v1/recruit/application — quietly, as the form
 * shows its refusals itself (field problems inline, the rest in its failed state).
 */
const recruitActors = {
  submit: fromPromise<unknown, RecruitSubmitInput>(async ({ input }) => {
    const { form, requestKey } = input;
    return quietApi.call('submitRecruitApplication', {
      body: {
        school: form.school.trim(),
        grade: form.grade as RecruitGrade,
        mobile: await encrypt(form.mobile.trim()),
        motivation: form.motivation.trim(),
        requestKey,
      },
    });
  }),
};

export const appRecruitMachine = recruitApplicationMachine.provide({ actors: recruitActors });

/** The member's application and officer counts (GET /v1/recruit/application). */
export const loadRecruitStatus = (signal: AbortSignal) => quietApi.call('getRecruitApplication', { signal });

/** The application form: its view and handlers; `onDone` runs once it was sent (or was sent before). */
export function useRecruitForm(onDone: () => void) {
  const actor = useActorRef(appRecruitMachine);
  const form = useSelector(actor, selectRecruitFormView);
  const done = useSelector(actor, (s) => s.status === 'done');
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);
  return {
    form,
    onInput: (field: RecruitField, value: string) => actor.send({ type: 'user.input', field, value }),
    onSubmit: () => actor.send({ type: 'user.submit' }),
    onRetrySubmit: () => actor.send({ type: 'user.retry' }),
    onEdit: () => actor.send({ type: 'user.edit' }),
  };
}
