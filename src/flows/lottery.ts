import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { lotteryMachine, type SpinOutcome, type SpinRequest } from '../../machines/lottery';
import type { LotteryOverview, LotterySpin } from '../../openapi/schemas/lottery';
import { quietApi } from '../api';
import type { FetchPage } from './usePagedList';

/**
 * The lucky wheel's calls for `/lottery`: the wheel (getLottery: prizes, my spins left, the seed
 * commitments), my spin records (listLotterySpins, paged) and the wheel machine's `spin` actor
 * (spinLottery). The page shows every refusal itself (its result panel), so they go through
 * `quietApi`.
 */
export type LotteryOverviewData = z.output<typeof LotteryOverview>;
export type LotterySpinData = z.output<typeof LotterySpin>;

export const loadLottery = (signal?: AbortSignal): Promise<LotteryOverviewData> =>
  quietApi.call('getLottery', signal ? { signal } : {});

/**
 * Which records to show: a visitor has none (nothing is asked); `round` changes after every spin,
 * so the list reads its first page again (a new filter reloads it).
 */
export interface SpinRecordsKey {
  member: boolean;
  round: number;
}

export const fetchSpins: FetchPage<LotterySpinData, SpinRecordsKey> = ({ filter, page, pageSize }, signal) =>
  filter.member
    ? quietApi.call('listLotterySpins', { query: { page, pageSize }, signal })
    : Promise.resolve({ list: [], total: 0, page, pageSize });

export const appLotteryMachine = lotteryMachine.provide({
  actors: {
    spin: fromPromise<SpinOutcome, SpinRequest>(({ input, signal }) =>
      quietApi.call('spinLottery', { body: input, signal }),
    ),
  },
});
