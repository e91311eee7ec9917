import { getPoints, listPointsHistory } from '../../../openapi/operations/points';
import { handle } from '../../http/handle';
import { pointsHistory } from './history';
import { summary } from './ledger';

export const routes = [
  handle(getPoints, async ({ member, ctx }) => summary(ctx, member.id)),
  handle(listPointsHistory, async ({ member, ctx, query }) => pointsHistory(ctx.db, member.id, query)),
];
