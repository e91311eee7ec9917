import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { pollAnswerMachine, type PollForm, type SubmitOutcome, type SubmitRequest } from '../../machines/pollAnswer';
import { prizeApplyMachine, selectPrizeApplyView, type PrizeApplyInput } from '../../machines/prizeApply';
import { Code } from '../../openapi/codes';
import { prizeApplicantKey, prizeWinners } from '../../openapi/rules/prize';
import type {
  PrizeReportForm,
  PrizeReportResult,
  PrizeResult,
  PrizeTrial,
  PrizeTrialDetail,
} from '../../openapi/schemas/prize';
import { isApiError, mayPassOnRetry, quietApi } from '../api';
import { isMissingNotice } from './content';
import { helpIdOf } from './help';
import { hmacSha256Hex, sha256Hex } from '../services/lotteryVerify';
import { shallowEqual } from './shallowEqual';

/**
 * Prize trials (产品试用) over the API: the list, one trial, the application's actor (quietly: the
 * page shows its refusals itself), the result, a winner's address, and the draw re-checked in the
 * browser by the published rule (openapi/rules/prize.ts) with Web Crypto.
 */
export type PrizeTrialData = z.output<typeof PrizeTrial>;
export type PrizeTrialDetailData = z.output<typeof PrizeTrialDetail>;
export type PrizeResultData = z.output<typeof PrizeResult>;
/** What the report page shows about the questionnaire (PrizeReportForm without the questions). */
export type PrizeReportInfo = Omit<z.output<typeof PrizeReportForm>, 'questions' | 'submitted'>;
export type PrizeReportOutcome = z.output<typeof PrizeReportResult>;

/** `?id=12` → 12; anything else → null. */
export const prizeIdOf = (text: string | null) => helpIdOf(text ?? undefined);
/** A trial that is not there, or an id that is not one (the same answers as a missing notice). */
export const isMissingPrize = isMissingNotice;

export const loadPrizes = (signal: AbortSignal) => quietApi.call('listPrizes', { signal });
export const loadPrize = (id: number, signal: AbortSignal) => quietApi.call('getPrize', { params: { id }, signal });
export const loadPrizeResult = (id: number, signal: AbortSignal) =>
  quietApi.call('getPrizeResult', { params: { id }, signal });
export const loadConsignee = (signal: AbortSignal) => quietApi.call('getConsignee', { signal });
export const confirmShipTo = (id: number) => quietApi.call('confirmPrizeShipTo', { params: { id } });

export const appPrizeApplyMachine = prizeApplyMachine.provide({
  actors: {
    apply: fromPromise<unknown, PrizeApplyInput>(({ input, signal }) =>
      quietApi.call('applyPrize', { params: { id: input.trialId }, signal }),
    ),
  },
});

/** The apply button of one trial; `onDone` runs once it ended (applied, refused or closed). */
export function usePrizeApply(trialId: number, onDone: () => void) {
  const options = useMemo(() => ({ input: { trialId } }), [trialId]);
  const actor = useActorRef(appPrizeApplyMachine, options);
  const view = useSelector(actor, selectPrizeApplyView, shallowEqual);
  const done = useSelector(actor, (s) => s.status === 'done');
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);
  return {
    apply: view,
    onApply: () => actor.send({ type: 'user.apply' }),
    onRetryApply: () => actor.send({ type: 'user.retry' }),
  };
}

export interface DrawCheck {
  /** SHA-256 of the revealed seed equals the hash shown before the deadline. */
  hashMatches: boolean;
  /** Every applicant's HMAC recomputed here equals the published one. */
  digestsMatch: boolean;
  /** The winners recomputed here equal the published winners. */
  winnersMatch: boolean;
  ok: boolean;
}

/** Re-check a drawn trial in the browser; null before the draw. */
export async function checkDraw(r: PrizeResultData): Promise<DrawCheck | null> {
  if (r.seed === null) return null;
  const seed = r.seed;
  const hashMatches = (await sha256Hex(seed)) === r.trial.seedHash;
  const digests = await Promise.all(
    r.entries.map(async (e) => ({
      applicationId: e.applicationId,
      digest: await hmacSha256Hex(seed, prizeApplicantKey(r.trial.drawRule, r.trial.id, e.applicationId)),
    })),
  );
  const digestsMatch = digests.every((d, i) => d.digest === r.entries[i]!.digest);
  const winnersMatch =
    prizeWinners(digests, r.trial.units).join(',') === r.winners.map((w) => w.applicationId).join(',');
  return { hashMatches, digestsMatch, winnersMatch, ok: hashMatches && digestsMatch && winnersMatch };
}

/** A report refused before answering (not a winner, not sent yet, none): why, in zh-CN; never retried. */
function reportLoadFailure(error: unknown) {
  if (!isApiError(error)) return { code: 0, msg: '网络错误，请稍后重试', retryable: true };
  const { code } = error;
  if (mayPassOnRetry(code)) return { code, msg: error.msg || '网络错误，请稍后重试', retryable: true };
  return { code, msg: error.msg || '暂时无法填写试用报告', retryable: false };
}

/**
 * A winner's trial report (`/prize/report?id=`): the questionnaire-answering machine
 * (machines/pollAnswer.ts) over GET/POST /v1/prizes/{id}/report; entered with `{ request: trialId }`.
 */
export const prizeReportMachine = pollAnswerMachine.provide({
  actors: {
    load: fromPromise<PollForm, unknown>(async ({ input }) => {
      const id = input as number;
      if (!Number.isInteger(id) || id <= 0)
        throw { code: Code.NOT_FOUND, msg: '这个试用不存在，请从开奖结果页进入', retryable: false };
      try {
        const form = await quietApi.call('getPrizeReport', { params: { id } });
        const { questions, submitted, ...meta } = form;
        return { questions, answers: {}, alreadySubmitted: submitted, meta: meta satisfies PrizeReportInfo };
      } catch (error) {
        throw reportLoadFailure(error);
      }
    }),
    submit: fromPromise<SubmitOutcome, SubmitRequest>(async ({ input }) => {
      const id = input.request as number;
      try {
        const result = await quietApi.call('submitPrizeReport', { params: { id }, body: { answers: input.answers } });
        return result.replayed ? { kind: 'alreadySubmitted', result } : { kind: 'submitted', result };
      } catch (error) {
        if (isApiError(error) && error.code === Code.POLL_ANSWERS_INVALID) {
          const questionId = (error.data as { questionId?: unknown } | undefined)?.questionId;
          const message = error.msg || '答卷不完整或有误，请检查后再提交';
          return {
            kind: 'invalid',
            message,
            ...(typeof questionId === 'number' ? { errors: { [questionId]: message } } : {}),
          };
        }
        throw error;
      }
    }),
  },
});
