import { getLottery, listLotterySpins, spinLottery } from '../../../openapi/operations/lottery';
import { handle } from '../../http/handle';
import { listSpins, overview, spin } from './service';

export const routes = [
  handle(getLottery, async ({ ctx, viewer }) => overview(ctx, viewer?.id ?? null)),
  handle(spinLottery, async ({ ctx, member, body }) => spin(ctx, member.id, body)),
  handle(listLotterySpins, async ({ ctx, member, query }) => listSpins(ctx, member.id, query.page, query.pageSize)),
];
