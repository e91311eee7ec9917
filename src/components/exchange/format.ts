import { Code } from '../../../openapi/codes';
import { ExchangeState, ExchangeType } from '../../../openapi/enums';

/** Display helpers of the exchange pages (兑换中心, 兑换记录). */

export type ExchangeTypeValue = 1 | 2 | 3;
export type ExchangeStateValue = 0 | 1 | 2 | 3 | 4 | 5;

export const typeLabel = (type: ExchangeTypeValue): string => ExchangeType.labels[type];
export const stateLabel = (state: ExchangeStateValue): string => ExchangeState.labels[state];

/** 1000 分 → `10 元`; 1050 → `10.5 元`. */
export function formatYuan(fen: number): string {
  const yuan = fen / 100;
  return `${Number.isInteger(yuan) ? yuan : yuan.toFixed(2).replace(/0$/, '')} 元`;
}

/** 12345 → `12,345`. */
export const formatPoints = (points: number): string => points.toLocaleString('en-US');

/** `2026-11-22 09:05` in Beijing time. */
export { formatDateTime as formatTime } from '../shanghaiTime';

/** 兑换单号 `DH20261125000123` (the contract's rule, one formatter for every page). */
export { exchangeNumber } from '../../../openapi/rules/exchangeNumber';

/** Badge colour per exchange state. */
export const STATE_PALETTE: Record<ExchangeStateValue, string> = {
  0: 'orange',
  2: 'blue',
  1: 'green',
  4: 'red',
  3: 'gray',
  5: 'red',
};

/** Refunded states (驳回、撤销、发放失败): points came back. */
export const isRefundState = (state: number): boolean => state === 3 || state === 4 || state === 5;

/** States a member may want to question (驳回、发放失败): the record offers 反馈问题. */
export const isDisputableState = (state: number): boolean => state === 4 || state === 5;

/** What happens next, per state and type (the success page and the record detail). */
export function nextStepText(state: ExchangeStateValue, type: ExchangeTypeValue): string {
  switch (state) {
    case 0:
      return '兑换单已提交，正在等待审核。审核一般在 1 个工作日内完成（节假日顺延），结果会通过站内消息通知你。';
    case 2:
      return type === 1
        ? '审核已通过，将在 1–3 个工作日内打款到你的收款账号。'
        : type === 3
          ? '审核已通过，将在 7 个工作日内发货，发货后可在这里看到快递单号。'
          : '审核已通过，卡密发放后会显示在兑换记录里。';
    case 1:
      return type === 1
        ? '已打款到你的收款账号，请留意到账通知。'
        : type === 3
          ? '已发货，可凭快递单号查询物流。'
          : '已发放，请在有效期内使用下方的卡密或兑换码。';
    case 4:
      return '兑换未通过审核，花费的微豆已全部退回你的账户。';
    case 3:
      return '兑换单已撤销，花费的微豆已全部退回你的账户。';
    case 5:
      return '发放没有成功，花费的微豆已全部退回你的账户，你可以稍后重新兑换。';
  }
}

/** How a refusal is fixed. */
export type BlockerFix =
  | { kind: 'identity' }
  | { kind: 'address' }
  | { kind: 'binding' }
  | { kind: 'earn' }
  | { kind: 'quality' }
  | { kind: 'browse' };

/** Short zh-CN title of a blocker, and its fix. */
export function blockerInfo(code: number): { title: string; fix: BlockerFix } {
  switch (code) {
    case Code.INSUFFICIENT_POINTS:
      return { title: '微豆不足', fix: { kind: 'earn' } };
    case Code.OUT_OF_STOCK:
      return { title: '库存不足', fix: { kind: 'browse' } };
    case Code.LIMIT_REACHED:
      return { title: '已达兑换上限', fix: { kind: 'browse' } };
    case Code.IDENTITY_REQUIRED:
      return { title: '需要实名认证', fix: { kind: 'identity' } };
    case Code.ACCOUNT_BINDING_REQUIRED:
      return { title: '需要绑定收款账号', fix: { kind: 'binding' } };
    case Code.ADDRESS_REQUIRED:
      return { title: '需要收货地址', fix: { kind: 'address' } };
    case Code.LEVEL_REQUIRED:
      return { title: '权益等级不足', fix: { kind: 'browse' } };
    case Code.QUALITY_LEVEL_REQUIRED:
      return { title: '答题质量等级不足', fix: { kind: 'quality' } };
    default:
      return { title: '暂不能兑换', fix: { kind: 'browse' } };
  }
}

/** Payout platform names (spec §3 social platform values). */
export const PAYOUT_NAME: Record<1 | 4, string> = { 1: '微信', 4: '支付宝' };
