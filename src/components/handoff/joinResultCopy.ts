import { LowQualityReason } from '../../../openapi/enums';
import { doneLabel, type TaskDoing } from '../task/format';

/**
 * The zh-CN explanation of each join result (spec §3: 0 incomplete … 8 timed out) on the result
 * screen: what happened, why, and what the member got. `points` is what this participation paid.
 */

export type ResultTone = 'success' | 'info' | 'warning' | 'pending';

export interface ResultCopy {
  title: string;
  body: string;
  tone: ResultTone;
}

export type PointsStatus = 'none' | 'posted' | 'reversed';

export const POINTS_STATUS_LABEL: Record<PointsStatus, string> = {
  posted: '已入账',
  none: '无奖励',
  reversed: '已撤回',
};

const noPoints = '本次不发放微豆。';

export function joinResultCopy(
  joinResult: number,
  points: number,
  pointsStatus: PointsStatus,
  kind: TaskDoing,
): ResultCopy {
  const done = doneLabel(kind);
  if (pointsStatus === 'reversed') {
    return {
      title: '奖励已被合作方撤回',
      body: '合作方在事后审核（对账）中没有采用这份答卷，此前发放的微豆已从你的余额中扣回。如有疑问，请带上答卷编号联系客服核实。',
      tone: 'warning',
    };
  }
  switch (joinResult) {
    case 1:
      return points > 0
        ? {
            title: `${done}，微豆已到账`,
            body: `感谢你的参与！本次获得 ${points} 微豆，已计入你的微豆余额，可在“微豆明细”中查看。`,
            tone: 'success',
          }
        : { title: done, body: '感谢你的参与！这次参与按任务规则不发放微豆。', tone: 'info' };
    case 2:
      return {
        title: '很遗憾，你不符合本次调研的条件',
        body:
          points > 0
            ? `合作方根据你的回答提前结束了问卷（被甄别），这不是你的错。按任务规则发放 ${points} 微豆安慰奖，已计入余额。`
            : `合作方提前结束了问卷（被甄别或未通过质量校验），${noPoints}`,
        tone: 'info',
      };
    case 3:
      return {
        title: '本次调研名额已满',
        body:
          points > 0
            ? `你所在人群的样本已经收满，问卷提前结束。按任务规则发放 ${points} 微豆安慰奖，已计入余额。`
            : `你所在人群的样本已经收满，问卷提前结束。${noPoints}`,
        tone: 'info',
      };
    case 4:
      return {
        title: '答题过快，答卷未被采用',
        body: `你的作答用时明显短于正常水平，答卷无法被采用，${noPoints}下次请根据真实情况认真作答。`,
        tone: 'warning',
      };
    case 5:
      return {
        title: '网络环境受限',
        body: `同一网络（IP）下参与该任务的人数超过了限制，${noPoints}请使用自己的网络参与，不要多人共用同一网络做同一任务。`,
        tone: 'warning',
      };
    case 6:
      return {
        title: '重复参与',
        body: `这台设备已经用其他账号参加过该任务。每台设备每个任务只能参加一次，${noPoints}`,
        tone: 'warning',
      };
    case 7:
      return {
        title: '地区受限',
        body: `你所在的地区不在本次调研的目标范围内，${noPoints}`,
        tone: 'warning',
      };
    case 8:
      return {
        title: '答题已超时',
        body: `这次答题超过了规定时间仍未完成，已自动结束，${noPoints}下次开始后请尽快完成。`,
        tone: 'warning',
      };
    default:
      return {
        title: '结果待确认',
        body: '还没有收到这次答题的结果。如果你刚刚完成作答，请稍候片刻再刷新；超过答题时限仍未完成的，将记为“已超时”。',
        tone: 'pending',
      };
  }
}

/** `开放题乱填、陷阱题未通过` */
export function lowQualityText(reasons: readonly number[]): string {
  return reasons
    .map((r) => LowQualityReason.labels[r as keyof typeof LowQualityReason.labels] ?? `原因 ${r}`)
    .join('、');
}
