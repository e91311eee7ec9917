/** The lucky wheel (幸运大转盘). */
import { op } from '../op';
import {
  LotteryOverview,
  LotterySpinBody,
  LotterySpinPage,
  LotterySpinResult,
  LotterySpinsQuery,
} from '../schemas/lottery';

export const getLottery = op({
  id: 'getLottery',
  method: 'get',
  path: '/v1/lottery',
  auth: 'optional',
  tag: 'rewards',
  summary: '幸运大转盘：奖品与概率、我的剩余次数、今天的种子哈希与昨天公开的种子',
  response: LotteryOverview,
});

export const spinLottery = op({
  id: 'spinLottery',
  method: 'post',
  path: '/v1/lottery/spin',
  auth: 'member',
  tag: 'rewards',
  summary: '抽一次奖：扣次数（购买时扣微豆）、抽奖、发奖在同一事务；同一请求编号只抽一次',
  body: LotterySpinBody,
  response: LotterySpinResult,
});

export const listLotterySpins = op({
  id: 'listLotterySpins',
  method: 'get',
  path: '/v1/lottery/spins',
  auth: 'member',
  tag: 'rewards',
  summary: '我的抽奖记录（分页），每条附复核数据',
  query: LotterySpinsQuery,
  response: LotterySpinPage,
});
