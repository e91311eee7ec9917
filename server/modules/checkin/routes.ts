import { Code } from '../../../openapi/codes';
import { checkin, getCheckin } from '../../../openapi/operations/checkin';
import { result } from '../../http/errors';
import { handle } from '../../http/handle';
import { checkIn, checkinStatus } from './service';

export const routes = [
  handle(getCheckin, async ({ member, ctx }) => checkinStatus(ctx, member.id)),
  handle(checkin, async ({ member, ctx }) => {
    const r = await checkIn(ctx, member.id);
    return r.already ? result(Code.ALREADY_CHECKED_IN, r.data) : r.data;
  }),
];
