/**
 * The ranking's commands of `npm run ops` (scripts/ops.ts hands `ranking …` and `tips …` over):
 * rebuild the 微豆-earned aggregate from the ledger (server/modules/points/earned.ts; idempotent,
 * for installs whose ledger predates it or after a repair), and list, publish and unpublish the
 * answering-tips articles (server/modules/ranking/tips.ts; content sanitized when stored).
 */
import { rebuildEarned } from '../server/modules/points/earned';
import { listTipsForOperator, publishTip, unpublishTip } from '../server/modules/ranking/tips';
import { richTextArg, type ContentOpsTools, type ContentOpsValues } from './ops-content';

export const RANKING_HELP = `排行榜与答题技巧 / ranking and answering tips
  ranking rebuild                            按微豆流水重算排行榜（本周/本月获得的微豆）；可重复运行，结果相同
  tips list                                  全部答题技巧文章（含已下线）
  tips publish --title T (--file F | --content HTML) [--summary S] [--sort N]
                                             发布一篇答题技巧；正文是 HTML，保存前清洗；--summary 列表里的一句话简介
                                             （默认取正文开头）；--sort 位置（小的在前，默认排在最后）
  tips unpublish <id>                        下线一篇文章（保留，会员不再看到）`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

async function tips(args: string[], values: ContentOpsValues, t: ContentOpsTools) {
  switch (args[0]) {
    case 'list': {
      const rows = await listTipsForOperator(t.ctx.db);
      for (const line of t.table(
        ['编号 ID', '标题 Title', '简介 Summary', '状态 State', '顺序', '更新 Updated'],
        rows.map((r) => [r.id, r.title, r.summary, r.published ? '已发布' : '已下线', r.sort, t.time(r.updatedAt)]),
      ))
        t.out(line);
      t.out(`共 ${rows.length} 篇 / ${rows.length} articles`);
      return;
    }
    case 'publish': {
      const row = await publishTip(t.ctx, {
        title: str(values.title) ?? t.usage('请用 --title 给出文章标题'),
        summary: str(values.summary),
        content: richTextArg(values, t, '文章正文'),
        sort: t.optInt('--sort', str(values.sort), -1_000_000),
      });
      t.out(`✓ 已发布答题技巧 #${row.id}「${row.title}」，顺序 ${row.sort}`);
      t.out(`  会员查看：/ranking/article/${row.id}`);
      return;
    }
    case 'unpublish': {
      const id = t.optInt('文章 id / article id', args[1], 1) ?? t.usage('用法 / usage: tips unpublish <id>');
      const done = await unpublishTip(t.ctx, id);
      if (!done) return t.usage(`没有编号为 ${id} 的答题技巧文章`);
      t.out(
        done.already
          ? `= 文章 #${id} 已经下线过 / already unpublished`
          : `✓ 已下线答题技巧 #${id}「${done.row.title}」`,
      );
      return;
    }
    default:
      t.usage('用法 / usage: tips list | tips publish … | tips unpublish <id>');
  }
}

/** Runs one ranking command; returns false for anything else. */
export async function runRankingOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools,
): Promise<boolean> {
  if (command === 'ranking') {
    if (args[0] !== 'rebuild') t.usage('用法 / usage: ranking rebuild');
    const rows = await rebuildEarned(t.ctx.db);
    t.out(`✓ 已按微豆流水重算排行榜：${rows} 行（会员 × 周/月）/ ranking rebuilt: ${rows} rows`);
    return true;
  }
  if (command !== 'tips') return false;
  await tips(args, values, t);
  return true;
}
