import { getPoll, submitPoll } from '../../../openapi/operations/polls';
import { handle } from '../../http/handle';
import { deviceIdOf } from '../tasks/eligibility';
import * as polls from './service';

export const routes = [
  handle(getPoll, async ({ member, ctx, params, query }) => polls.getPoll(ctx, member.id, params.id, query.rid)),
  handle(submitPoll, async ({ member, ctx, body, request }) =>
    polls.submitPoll(ctx, member.id, body, { deviceId: deviceIdOf(request) }),
  ),
];
