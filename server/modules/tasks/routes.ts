import { originOf } from '../../http/origin';
import { Code } from '../../../openapi/codes';
import {
  browseRedirect,
  listRecommendedTasks,
  finishWatchTask,
  getTask,
  getTaskOutcome,
  getTaskSummary,
  listTaskRecords,
  listTasks,
  partnerPostback,
  startTask,
  submitTaskCallback,
} from '../../../openapi/operations/tasks';
import { result } from '../../http/errors';
import { handle } from '../../http/handle';
import * as callback from './callback';
import { deviceIdOf, deviceTypeOf, geoRegionOf } from './eligibility';
import { browseTarget, listTasks as tasksFor, recommendedTasks, taskDetail, taskRecords, taskSummary } from './service';
import { outcomeOf } from './settle';
import { startTask as start } from './start';

export const routes = [
  handle(listTasks, async ({ member, ctx, query, request }) => tasksFor(ctx, member.id, deviceTypeOf(request), query)),
  handle(getTaskSummary, async ({ member, ctx, request }) => taskSummary(ctx, member.id, deviceTypeOf(request))),
  handle(getTask, async ({ member, ctx, params, request }) =>
    taskDetail(ctx, member.id, deviceTypeOf(request), params.id),
  ),
  handle(listTaskRecords, async ({ member, ctx, query }) => taskRecords(ctx, member.id, query)),
  handle(listRecommendedTasks, async ({ viewer, ctx, query, request }) =>
    recommendedTasks(ctx, viewer?.id ?? null, deviceTypeOf(request), query.limit),
  ),
  handle(browseRedirect, async ({ viewer, ctx, query }) => browseTarget(ctx, query.taskId, viewer?.id ?? null)),
  handle(startTask, async ({ member, ctx, params, request }) => {
    const r = await start(ctx, member.id, params.id, {
      ip: request.ip,
      deviceId: deviceIdOf(request),
      deviceType: deviceTypeOf(request),
      region: geoRegionOf(request, ctx.config.trustProxy),
      origin: originOf(ctx.config, request),
    });
    return r.alreadyJoined ? result(Code.ALREADY_JOINED, r.data) : r.data;
  }),
  handle(submitTaskCallback, async ({ member, ctx, body }) => callback.submitTaskCallback(ctx, member.id, body.url)),
  handle(getTaskOutcome, async ({ member, ctx, params }) => outcomeOf(ctx, params.rid, member.id)),
  handle(finishWatchTask, async ({ member, ctx, params }) => callback.finishWatchTask(ctx, member.id, params.rid)),
  handle(partnerPostback, async ({ ctx, params, request }) =>
    callback.partnerPostback(ctx, params.partner, request.url),
  ),
];
