/** Weidou balance and ledger. */
import { op } from '../op';
import { PointsHistory, PointsHistoryQuery, PointsSummary } from '../schemas/points';

export const getPoints = op({
  id: 'getPoints',
  method: 'get',
  path: '/v1/points',
  auth: 'member',
  tag: 'rewards',
  summary: '当前微豆余额与今日/本月收入',
  response: PointsSummary,
});

export const listPointsHistory = op({
  id: 'listPointsHistory',
  method: 'get',
  path: '/v1/points/history',
  auth: 'member',
  tag: 'rewards',
  summary: '微豆明细：分页的收支记录（新的在前），可按入账状态与收支方向筛选',
  query: PointsHistoryQuery,
  response: PointsHistory,
});
