import {
  applyPrize,
  confirmPrizeShipTo,
  getPrize,
  getPrizeReport,
  getPrizeResult,
  listPrizes,
  submitPrizeReport,
} from '../../../openapi/operations/prize';
import { handle } from '../../http/handle';
import { apply, listTrials, result, trialDetail } from './service';
import { confirmShipTo, reportForm, submitReport } from './winners';

export const routes = [
  handle(listPrizes, async ({ ctx }) => listTrials(ctx)),
  handle(getPrize, async ({ ctx, viewer, params }) => trialDetail(ctx, params.id, viewer?.id ?? null)),
  handle(applyPrize, async ({ ctx, member, params }) => apply(ctx, params.id, member.id)),
  handle(getPrizeResult, async ({ ctx, viewer, params }) => result(ctx, params.id, viewer?.id ?? null)),
  handle(confirmPrizeShipTo, async ({ ctx, member, params }) => confirmShipTo(ctx, params.id, member.id)),
  handle(getPrizeReport, async ({ ctx, member, params }) => reportForm(ctx, params.id, member.id)),
  handle(submitPrizeReport, async ({ ctx, member, params, body }) =>
    submitReport(ctx, params.id, member.id, body.answers),
  ),
];
