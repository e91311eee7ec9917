import { fromPromise } from 'xstate';
import { balanceAdjustmentMachine, type AdjustmentData, type AdjustRequest } from '../../../machines/balanceAdjustment';
import { quietConsoleApi } from '../api';

/**
 * 调整微豆's call, in a module of its own: the member page that shows the button loads only this
 * machine, not the review page's. Quiet: the dialog shows each refusal itself (one place per error).
 */
export const consoleAdjustMachine = balanceAdjustmentMachine.provide({
  actors: {
    request: fromPromise<AdjustmentData, AdjustRequest>(({ input: { memberId, ...body } }) =>
      quietConsoleApi.call('requestAdjustment', { params: { id: memberId }, body }),
    ),
  },
});
