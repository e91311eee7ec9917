import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  selectHandoffView,
  surveyHandoffMachine,
  type HandoffInput,
  type HandoffSnapshot,
  type HandoffView as HandoffViewModel,
  type StartOutcome,
  type TaskBrief,
  type TaskOutcome,
  type WatchTarget,
} from '../../machines/surveyHandoff';
import { Code } from '../../openapi/codes';
import { api, ApiError, isApiError, quietApi } from '../api';
import { feedbackAsk } from '../routing/feedback';
import {
  loginFor,
  routedHref,
  routedPath,
  PRIZE_PATH,
  TASKS_PATH,
  TASK_RECORDS_PATH,
  USER_SURVEY_PATH,
  prizeDetailPath,
  taskGoPath,
} from '../routing/paths';
import { useSessionView } from './session';
import { toast } from '../services/toast';
import { HandoffView, type HandoffLinks } from '../components/handoff/HandoffView';

/**
 * The app's side of machines/surveyHandoff.ts: its actors bound to the API (the process path:
 * failures arrive silently and the machine shows them), its effects bound to the router and
 * `window.location`, and the links the result screen may offer (only to routes that exist).
 */

/**
 * A call whose actor was stopped (left the page, React StrictMode's mount–unmount–mount) never
 * settles: its abort must not reach the machine as a failure of the step that replaced it.
 */
function unlessAborted<T>(signal: AbortSignal, call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => (signal.aborted ? new Promise<T>(() => {}) : Promise.reject(error)));
}

/** The task detail is not on the process path: its failures are shown by the page, not toasted too. */
const handoffActors = {
  loadTask: fromPromise<TaskBrief, { taskHashId: string }>(async ({ input, signal }) => {
    const d = await unlessAborted(signal, quietApi.call('getTask', { params: { id: input.taskHashId }, signal }));
    return {
      hashId: d.hashId,
      title: d.title,
      kind: d.kind,
      points: d.points,
      screenOutPoints: d.screenOutPoints,
      quotaFullPoints: d.quotaFullPoints,
      minutes: d.minutes,
      block: d.block,
      blockMessage: d.blockMessage,
    };
  }),
  startTask: fromPromise<StartOutcome, { taskHashId: string }>(async ({ input, signal }) => {
    // 5013 ALREADY_JOINED is a normal result (spec §8) whose data is the start with the result page
    // as entry URL. On the process path the client rejects every non-200 code silently, so it
    // arrives here as an ApiError carrying that data (or, elsewhere, as a `normal` outcome).
    let joined: unknown;
    try {
      const r = await unlessAborted(signal, api.result('startTask', { params: { id: input.taskHashId }, signal }));
      if (r.kind === 'success' || r.kind === 'raw') return { ...r.data, alreadyJoined: false };
      joined = r.data;
    } catch (error) {
      if (!isApiError(error) || error.code !== Code.ALREADY_JOINED) throw error;
      joined = error.data;
    }
    // The schemas came with startTask's (openapi/operations/tasks): no zod on the page before.
    const { TaskStart } = await import('../../openapi/schemas/tasks');
    const parsed = TaskStart.safeParse(joined);
    if (!parsed.success) {
      throw new ApiError({ code: -1, msg: '数据格式错误', httpStatus: 200, behaviour: 'silent', silent: true });
    }
    return { ...parsed.data, alreadyJoined: true };
  }),
  submitCallback: fromPromise<TaskOutcome, { url: string }>(({ input, signal }) =>
    unlessAborted(signal, api.call('submitTaskCallback', { body: { url: input.url }, signal })),
  ),
  loadOutcome: fromPromise<TaskOutcome, { rid: string }>(({ input, signal }) =>
    unlessAborted(signal, api.call('getTaskOutcome', { params: { rid: input.rid }, signal })),
  ),
  loadTarget: fromPromise<WatchTarget, { taskId: number }>(({ input, signal }) =>
    unlessAborted(signal, api.call('browseRedirect', { query: { taskId: input.taskId }, signal })),
  ),
  finishWatch: fromPromise<TaskOutcome, { rid: string }>(({ input, signal }) =>
    unlessAborted(signal, api.call('finishWatchTask', { params: { rid: input.rid }, signal })),
  ),
};

function linksFor(view: HandoffViewModel): HandoffLinks {
  const hashId = view.outcome?.taskHashId ?? view.task?.hashId ?? null;
  return {
    tasks: routedPath(TASKS_PATH) ?? null,
    records: routedPath(TASK_RECORDS_PATH) ?? null,
    feedback: (view.rid && feedbackAsk()?.({ rid: view.rid })) || null,
    basicSurvey: routedPath(USER_SURVEY_PATH) ?? null,
    resume: hashId ? taskGoPath(hashId) : null,
    trial: view.outcome?.screenerFor
      ? {
          path: routedHref(prizeDetailPath(view.outcome.screenerFor.trialId)) ?? PRIZE_PATH,
          title: view.outcome.screenerFor.title,
        }
      : null,
  };
}

/** Same-origin paths can be shown in a frame (the CSP's frame-src is 'self'); others open in a new window. */
function isEmbeddable(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** Runs the machine for one screen; `input` without `loggedIn` (the session says). */
export function HandoffFlow({ input }: { input: Omit<HandoffInput, 'loggedIn'> }) {
  const navigate = useNavigate();
  const { loggedIn } = useSessionView();
  const [machine] = useState(() =>
    surveyHandoffMachine.provide({
      actors: handoffActors,
      actions: {
        redirect: (_, { url, external }) => {
          if (external) window.location.assign(url);
          else navigate(url, { replace: true });
        },
        goToLogin: (_, { redirect }) => navigate(loginFor(redirect)),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { ...input, loggedIn } });
  const view = useSelector(actor, (s: HandoffSnapshot) => selectHandoffView(s), sameView);
  const [ridCopied, setRidCopied] = useState(false);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copyTimer.current), []);

  const copyRid = useCallback(() => {
    if (!view.rid) return;
    const done = () => {
      setRidCopied(true);
      clearTimeout(copyTimer.current);
      copyTimer.current = setTimeout(() => setRidCopied(false), 2000);
    };
    if (navigator.clipboard?.writeText) {
      navigator.clipboard.writeText(view.rid).then(done, () => toast.error('复制失败，请长按答卷编号手动复制'));
    } else {
      toast.error('复制失败，请长按答卷编号手动复制');
    }
  }, [view.rid]);

  return (
    <HandoffView
      {...view}
      links={linksFor(view)}
      embeddable={view.target ? isEmbeddable(view.target.url) : false}
      ridCopied={ridCopied}
      onLogin={() => actor.send({ type: 'user.login' })}
      onRedirect={() => actor.send({ type: 'user.redirect' })}
      onRetry={() => actor.send({ type: 'user.retry' })}
      onRefresh={() => actor.send({ type: 'user.refresh' })}
      onClaim={() => actor.send({ type: 'user.claim' })}
      onCopyRid={copyRid}
    />
  );
}

function sameView(a: HandoffViewModel, b: HandoffViewModel): boolean {
  return (
    a.status === b.status &&
    a.remaining === b.remaining &&
    a.notice === b.notice &&
    a.error === b.error &&
    a.outcome === b.outcome &&
    a.task === b.task &&
    a.target === b.target &&
    a.rid === b.rid &&
    a.refusal === b.refusal &&
    a.rejection === b.rejection &&
    a.canRefresh === b.canRefresh &&
    a.canClaim === b.canClaim
  );
}
