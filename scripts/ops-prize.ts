/**
 * Prize trials' commands of `npm run ops` (scripts/ops.ts hands `prize …` over): publish a trial
 * (its draw seed is made then and only its SHA-256 shown until the draw), list trials, draw one
 * after its deadline (server/modules/prize drawTrial: once per trial under a lock; the server's
 * round does the same every 5 minutes) and list a drawn trial's winners with their addresses.
 */
import { minQualityLabel } from '../openapi/rules/quality';
import { prizePhase, prizePhaseLabel } from '../openapi/rules/prize';
import { addTrial, drawTrial, listAllTrials, winnersOf } from '../server/modules/prize/service';
import { parseTime, type ContentOpsTools, type ContentOpsValues } from './ops-content';

export const PRIZE_HELP = `产品试用 / prize trials
  prize add --title T --units N --start 时间 --end 时间 [--summary S] [--image URL]…
            [--min-level 0-3] [--province 省代码]   发布试用（时间为北京时间；开奖种子此时生成，公布其哈希）
  prize list [--limit N]                     试用、阶段、申请人数、种子哈希
  prize draw <id>                            截止后开奖（每个试用只开一次；服务每 5 分钟也会开已截止的）
  prize winners <id>                         中签者与确认的收货地址`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export async function runPrizeOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools,
): Promise<boolean> {
  if (command !== 'prize') return false;
  switch (args[0]) {
    case 'add': {
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
      });
      t.out(
        `✓ 已发布试用 #${row.id} ${row.title}（${row.units} 份，${t.time(row.opensAt)} – ${t.time(row.closesAt)}）`,
      );
      t.out(`  开奖种子哈希 / seed hash: ${row.seedHash}`);
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
        ['申请 Application', '会员 Member', '收货地址 Ship to'],
        rows.map((r) => [r.applicationId, `#${r.memberId} ${r.nickname}`, r.shipTo ?? '（未确认）']),
      ))
        t.out(line);
      return true;
    }
    default:
      return t.usage('用法 / usage: prize add | prize list | prize draw <id> | prize winners <id>');
  }
}
