/**
 * Campus recruitment's commands of `npm run ops` (scripts/ops.ts hands `recruit …` over): the
 * referral-officer applications, and their review through server/modules/recruit — approve or
 * reject with a message that reaches the applicant's inbox in the same transaction. An approved
 * officer's invites since approval are shown in the list.
 */
import { RECRUIT_STATE_LABELS, type RecruitState } from '../openapi/rules/recruit';
import { isRecruitState, listApplications, officerCounts, reviewApplication } from '../server/modules/recruit/service';
import type { BenefitOpsTools, BenefitOpsValues } from './ops-benefits';

export const RECRUIT_HELP = `校园推广官 / campus recruitment
  recruit list [--state S] [--limit N]       推广官申请（S: pending 审核中 | approved 已通过 | rejected 未通过）；
                                             已通过的显示通过以来的邀请人数（注册/活跃）
  recruit approve <id> [--message M]         通过申请；留言与通知发送到申请人的站内消息
  recruit reject <id> --message M            驳回申请（须写明原因，会发送给申请人）`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export async function runRecruitOps(
  command: string,
  args: string[],
  values: BenefitOpsValues,
  t: BenefitOpsTools,
): Promise<boolean> {
  if (command !== 'recruit') return false;
  switch (args[0]) {
    case 'list': {
      const stateText = str(values.state);
      let state: RecruitState | undefined;
      if (stateText !== undefined) {
        if (!isRecruitState(stateText)) t.usage('--state 应为 pending、approved 或 rejected');
        state = stateText as RecruitState;
      }
      const rows = await listApplications(t.ctx.db, { state, limit: t.limit });
      const cells = [];
      for (const r of rows) {
        const counts = await officerCounts(t.ctx.db, r);
        cells.push([
          r.id,
          `#${r.memberId} ${r.nickname}`,
          r.school,
          r.grade,
          r.mobile,
          RECRUIT_STATE_LABELS[r.state as RecruitState] ?? r.state,
          t.time(r.createdAt),
          counts ? `${counts.invitedCount}/${counts.activeCount}` : null,
          r.motivation.length > 30 ? `${r.motivation.slice(0, 30)}…` : r.motivation,
        ]);
      }
      for (const line of t.table(
        [
          '编号 ID',
          '会员 Member',
          '学校 School',
          '年级 Grade',
          '联系手机 Mobile',
          '状态 State',
          '申请时间 Applied',
          '邀请 注册/活跃',
          '申请理由 Motivation',
        ],
        cells,
      ))
        t.out(line);
      t.out(`共 ${rows.length} 条 / ${rows.length} shown`);
      return true;
    }
    case 'approve':
    case 'reject': {
      const id = t.optInt('申请编号 / application id', args[1], 1) ?? t.usage(`用法 / usage: recruit ${args[0]} <id>`);
      const approve = args[0] === 'approve';
      const message = str(values.message);
      if (!approve && !message?.trim()) t.usage('reject 需要 --message（会发送给申请人）/ reject needs --message');
      const row = await reviewApplication(t.ctx, id, { approve, message, operator: t.operator() });
      t.out(`✓ 申请 #${row.id}（会员 #${row.memberId}，${row.school}）${approve ? '已通过' : '已驳回'}，已通知申请人`);
      return true;
    }
    default:
      return t.usage('用法 / usage: recruit list | recruit approve <id> | recruit reject <id> --message M');
  }
}
