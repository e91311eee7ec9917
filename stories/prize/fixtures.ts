import type { PrizeApplyView } from '../../machines/prizeApply';
import { prizeVerifySteps } from '../../openapi/rules/prize';
import type { PrizeResultData, PrizeTrialData, PrizeTrialDetailData } from '../../src/flows/prize';

/** Prize-trial fixtures: an open trial, one awaiting the draw, one drawn, and a member's standing. */
export const T = Date.UTC(2026, 10, 20, 2);
const DAY = 86_400_000;
const SEED = '7f3c9a0b5e2d4c6f8a1b3d5e7f9a0c2e4b6d8f1a3c5e7b9d0f2a4c6e8b1d3f5a';
const HASH = '2d6e9b1a4c7f0e3d5b8a2c6f9e1d4b7a0c3f6e9d2b5a8c1f4e7d0b3a6c9f2e5d';

export const openTrial: PrizeTrialData = {
  id: 1,
  title: '水润保湿面霜 50ml 正装试用',
  summary: '适合干性与混合性肌肤，连续使用 14 天。\n中签后寄出正装一瓶，无需寄回。',
  images: ['/promo/prize-cream.svg'],
  units: 20,
  opensAt: T - 2 * DAY,
  closesAt: T + 7 * DAY,
  minQualityLevel: 0,
  minQualityLabel: '不限',
  drawRule: 2,
  region: null,
  applicants: 136,
  phase: 'open',
  seedHash: HASH,
  screener: null,
  reportPoints: null,
};

/** The open trial when applying needs its screener questionnaire first. */
export const screenedTrial: PrizeTrialData = {
  ...openTrial,
  screener: { title: '护肤习惯甄别问卷', taskHashId: 'skin01' },
};

export const drawnTrial: PrizeTrialData = {
  ...openTrial,
  id: 2,
  title: '降噪蓝牙耳机 体验装',
  summary: '主动降噪、30 小时续航。',
  images: ['/promo/prize-earbuds.svg'],
  units: 3,
  opensAt: T - 10 * DAY,
  closesAt: T - 3 * DAY,
  minQualityLevel: 2,
  minQualityLabel: '良好及以上',
  region: '广东省',
  applicants: 5,
  phase: 'drawn',
  reportPoints: 200,
};

export const closedTrial: PrizeTrialData = { ...drawnTrial, id: 3, phase: 'closed', title: '便携咖啡机 试用' };

const mineBase: NonNullable<PrizeTrialDetailData['mine']> = {
  applied: false,
  eligible: true,
  reason: null,
  applicationId: null,
  won: null,
  shipTo: null,
  screener: 'none',
  shippedAt: null,
  report: 'none',
};
export const mine = {
  none: mineBase,
  applied: { ...mineBase, applied: true, applicationId: 42 },
  notEligible: {
    ...mineBase,
    eligible: false,
    reason: '该试用需要答题质量达到「良好」，你当前为「待提升」',
  },
  screenerTodo: {
    ...mineBase,
    eligible: false,
    reason: '申请前请先完成甄别问卷「护肤习惯甄别问卷」',
    screener: 'todo',
  },
  screenerFailed: {
    ...mineBase,
    eligible: false,
    reason: '你在甄别问卷「护肤习惯甄别问卷」中的结果不符合这个试用的申请条件',
    screener: 'failed',
  },
  screenerPassed: { ...mineBase, screener: 'passed' },
  won: { ...mineBase, applied: true, applicationId: 12, won: true, report: 'waiting' },
  shipped: {
    ...mineBase,
    applied: true,
    applicationId: 12,
    won: true,
    shipTo: '张三 138****8000 广东省 深圳市 南山区 科技园路 1 号',
    shippedAt: T - DAY,
    report: 'todo',
  },
  reported: {
    ...mineBase,
    applied: true,
    applicationId: 12,
    won: true,
    shipTo: '张三 138****8000 广东省 深圳市 南山区 科技园路 1 号',
    shippedAt: T - DAY,
    report: 'done',
  },
  lost: { ...mineBase, applied: true, applicationId: 14, won: false },
} satisfies Record<string, NonNullable<PrizeTrialDetailData['mine']>>;

export const detail = (trial: PrizeTrialData, m: PrizeTrialDetailData['mine']): PrizeTrialDetailData => ({
  trial,
  mine: m,
});

export const readyApply: PrizeApplyView = { step: 'ready', error: null, busy: false, canApply: true, canRetry: false };

const entries = [11, 12, 13, 14, 15].map((applicationId, i) => ({
  applicationId,
  digest: `${['3a', '0f', '9c', 'e1', '52'][i]}${'0'.repeat(62)}`,
  won: [12, 11, 15].includes(applicationId),
}));

export const drawnResult = (m: PrizeResultData['mine']): PrizeResultData => ({
  trial: drawnTrial,
  drawnAt: T - 3 * DAY + 300_000,
  seed: SEED,
  winners: [
    { rank: 1, applicationId: 12, nickname: '张*丰' },
    { rank: 2, applicationId: 11, nickname: '小*' },
    { rank: 3, applicationId: 15, nickname: '微***4' },
  ],
  entries,
  verifySteps: [...prizeVerifySteps(2)],
  mine: m,
});

export const awaitingResult = (m: PrizeResultData['mine']): PrizeResultData => ({
  trial: closedTrial,
  drawnAt: null,
  seed: null,
  winners: [],
  entries: [],
  verifySteps: [...prizeVerifySteps(2)],
  mine: m,
});
