/** Daily check-in. */
import { op } from '../op';
import { CheckinResult, CheckinStatus } from '../schemas/checkin';

export const getCheckin = op({
  id: 'getCheckin',
  method: 'get',
  path: '/v1/users/checkin',
  auth: 'member',
  tag: 'user',
  summary: '每日签到状态与本月签到日历',
  response: CheckinStatus,
});

export const checkin = op({
  id: 'checkin',
  method: 'post',
  path: '/v1/users/checkin',
  auth: 'member',
  tag: 'user',
  summary: '每日签到（今天已签到返回 5629）',
  response: CheckinResult,
  refusals: { ALREADY_CHECKED_IN: CheckinResult },
});
