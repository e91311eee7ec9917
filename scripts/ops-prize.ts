/**
 * Prize trials' commands of `npm run ops` (scripts/ops.ts hands `prize …` over): publish a trial
 * (its draw seed is made then and only its SHA-256 shown until the draw), list trials, draw one
 * after its deadline (server/modules/prize drawTrial: once per trial under a lock; the server's
 * round does the same every 5 minutes), list a drawn trial's winners with their addresses, and
 * mark winners' parcels sent (which opens the report-back questionnaire to them).
 */
import { minQualityLabel } from '../openapi/rules/quality';
import { prizePhase, prizePhaseLabel } from '../openapi/rules/prize';
import { addTrial, closeTrial, drawTrial, listAllTrials } from '../server/modules/prize/service';
import { shipTrial, winnersOf } from '../server/modules/prize/winners';
import { parseTime, type ContentOpsTools, type ContentOpsValues } from './ops-content';

export const PRIZE_HELP = `产品试用 / prize trials
  prize publish --title T --units N --start 时间 --end 时间 [--summary S] [--image URL]…
            [--min-level 0-3] [--province 省代码] [--screener 问卷ID]
            [--report 问卷ID --report-points N]   发布试用（add 同义；时间为北京时间；开奖种子此时生成，公布其哈希）
                                             --screener：申请前须完成的甄别问卷（须有使用它的问卷任务）
                                             --report：中签者收到试用品后填写的试用报告问卷，提交记 N 微豆（一次）
  prize list [--limit N]                     试用、阶段、申请人数、种子哈希
  prize close <id>                           申请中的试用提前截止（之后可开奖）
  prize draw <id>                            截止后开奖（每个试用只开一次；服务每 5 分钟也会开已截止的）
  prize winners <id>                         中签者、确认的收货地址、寄出与试用报告
  prize ship <id> [申请编号…]                 标记试用品已寄出（不写编号：所有已确认地址且未寄出的中签者）`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export async function runPrizeOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools,
): Promise<boolean> {
  if (command !== 'prize') return false;
  switch (args[0]) {
    case 'add':
    case 'publish': {
      const title = str(values.title) ?? t.usage('缺少 --title / missing --title');
      const units = t.optInt('--units', str(values.units), 1) ?? t.usage('缺少 --units / missing --units');
      const opensAt = parseTime('--start', str(values.start), t) ?? t.usage('缺少 --start / missing --start');
      const closesAt = parseTime('--end', str(values.end), t) ?? t.usage('缺少 --end / missing --end');
      const images = Array.isArray(values.image) ? values.image : [];
      const row = await addTrial(t.ctx, {
        title,
        summary: str(values.summary) ?? '',
        images,
        units,
        opensAt,
        closesAt,
        minQualityLevel: t.optInt('--min-level', str(values['min-level']), 0) ?? 0,
        provinceId: t.optInt('--province', str(values.province), 1) ?? null,
        screenerPollId: t.optInt('--screener', str(values.screener), 1) ?? null,
        reportPollId: t.optInt('--report', str(values.report), 1) ?? null,
        reportPoints: t.optInt('--report-points', str(values['report-points']), 0) ?? 0,
      });
      t.out(
        `✓ 已发布试用 #${row.id} ${row.title}（${row.units} 份，${t.time(row.opensAt)} – ${t.time(row.closesAt)}）`,
      );
      t.out(`  开奖种子哈希 / seed hash: ${row.seedHash}`);
      if (row.screenerPollId !== null) t.out(`  甄别问卷 / screener: 问卷 #${row.screenerPollId}`);
      if (row.reportPollId !== null)
        t.out(`  试用报告 / report: 问卷 #${row.reportPollId}，提交记 ${row.reportPoints} 微豆`);
      return true;
    }
    case 'list': {
      const rows = await listAllTrials(t.ctx.db, t.limit);
      const now = t.ctx.now();
      for (const line of t.table(
        [
          'ID',
          '名称 Title',
          '份数 Units',
          '申请 Applied',
          '条件 Level',
          '截止 Closes',
          '阶段 Phase',
          '种子哈希 Seed hash',
        ],
        rows.map((r) => [
          r.id,
          r.title,
          r.units,
          r.applicants,
          minQualityLabel(r.minQualityLevel),
          t.time(r.closesAt),
          prizePhaseLabel[
            prizePhase(
              { opensAt: r.opensAt.getTime(), closesAt: r.closesAt.getTime(), drawnAt: r.drawnAt?.getTime() ?? null },
              now,
            )
          ],
          `${r.seedHash.slice(0, 16)}…`,
        ]),
      ))
        t.out(line);
      t.out(`共 ${rows.length} 个 / ${rows.length} shown`);
      return true;
    }
    case 'close': {
      const id = t.optInt('试用编号 / trial id', args[1], 1) ?? t.usage('用法 / usage: prize close <id>');
      const row = await closeTrial(t.ctx, id);
      t.out(`✓ 试用 #${id} 已于 ${t.time(row.closesAt)} 截止申请，可以开奖 / closed, ready to draw`);
      return true;
    }
    case 'draw': {
      const id = t.optInt('试用编号 / trial id', args[1], 1) ?? t.usage('用法 / usage: prize draw <id>');
      const r = await drawTrial(t.ctx, id);
      t.out(
        r.drawn
          ? `✓ 试用 #${id} 已开奖：${r.applicants} 人申请，${r.winners.length} 人中签（申请编号 ${r.winners.join(', ') || '无'}）`
          : `试用 #${id} 之前已开奖，未做改动 / already drawn, nothing changed`,
      );
      return true;
    }
    case 'winners': {
      const id = t.optInt('试用编号 / trial id', args[1], 1) ?? t.usage('用法 / usage: prize winners <id>');
      const rows = await winnersOf(t.ctx.db, id);
      for (const line of t.table(
        ['申请 Application', '会员 Member', '收货地址 Ship to', '寄出 Shipped', '报告 Report'],
        rows.map((r) => [
          r.applicationId,
          `#${r.memberId} ${r.nickname}`,
          r.shipTo ?? '（未确认）',
          r.shippedAt ? t.time(r.shippedAt) : '—',
          r.reportedAt ? t.time(r.reportedAt) : '—',
        ]),
      ))
        t.out(line);
      return true;
    }
    case 'ship': {
      const id = t.optInt('试用编号 / trial id', args[1], 1) ?? t.usage('用法 / usage: prize ship <id> [申请编号…]');
      const apps = args.slice(2).map((a) => t.optInt('申请编号 / application id', a, 1)!);
      const r = await shipTrial(t.ctx, id, apps);
      t.out(
        r.shipped.length
          ? `✓ 试用 #${id} 已标记寄出 ${r.shipped.length} 份（申请编号 ${r.shipped.join(', ')}），已通知中签者`
          : `试用 #${id} 没有需要标记寄出的中签者 / nothing to ship`,
      );
      if (r.noAddress.length) t.out(`  未确认收货地址，未标记 / no address yet: 申请编号 ${r.noAddress.join(', ')}`);
      return true;
    }
    default:
      return t.usage(
        '用法 / usage: prize publish | prize list | prize close <id> | prize draw <id> | prize winners <id> | prize ship <id> [申请编号…]',
      );
  }
}
