/**
 * The help-centre commands of `npm run ops` (scripts/ops.ts hands `help list|publish|unpublish`
 * over; a bare `help` is still the console's usage): list the articles with their state and votes,
 * publish one into a topic of the help tree (openapi/rules/help.ts) with its content from a file or
 * inline, sanitized when stored, and unpublish one. Everything goes through server/modules/help,
 * so what an operator publishes is what members read.
 */
import {
  ensureHelpTree,
  helpTopicCounts,
  listHelpQuestionsForOperator,
  publishHelpQuestion,
  unpublishHelpQuestion,
} from '../server/modules/help/admin';
import { richTextArg, type ContentOpsTools, type ContentOpsValues } from './ops-content';

export const HELP_CENTRE_HELP = `帮助中心 / help centre
  help list [--category 分类] [--limit N]    分类及已发布篇数，和全部问题（含已下线）：常见问题、状态、有/没帮助票数
  help publish --category 分类 --title T (--file F | --content HTML) [--hot] [--sort N]
                                             发布一篇解答；分类写编号或名称（如 2104 或 兑换与提现）；正文是 HTML，保存前清洗；
                                             --hot 列入常见问题；--sort 在分类内的位置（小的在前，默认排在最后）
  help unpublish <id>                        下线一篇解答（保留，会员不再看到）`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** `--category 2104` or `--category 兑换与提现` → the topic's id. */
async function topicOf(text: string, t: ContentOpsTools): Promise<number> {
  await ensureHelpTree(t.ctx.db);
  const topics = await helpTopicCounts(t.ctx.db);
  const found = topics.find((c) => String(c.id) === text.trim() || c.name === text.trim());
  if (!found) t.usage(`没有这个帮助分类：${text}（可选：${topics.map((c) => `${c.id} ${c.name}`).join('、')}）`);
  return found!.id;
}

async function list(values: ContentOpsValues, t: ContentOpsTools) {
  const category = str(values.category);
  const categoryId = category === undefined ? undefined : await topicOf(category, t);
  if (categoryId === undefined) {
    for (const line of t.table(
      ['分类 ID', '分类 Category', '已发布 Published'],
      (await helpTopicCounts(t.ctx.db)).map((c) => [c.id, c.name, c.published]),
    ))
      t.out(line);
    t.out('');
  }
  const rows = await listHelpQuestionsForOperator(t.ctx, { categoryId, limit: t.limit });
  for (const line of t.table(
    ['编号 ID', '分类 Category', '标题 Title', '常见', '状态 State', '顺序', '有帮助', '没帮助', '更新 Updated'],
    rows.map((q) => [
      q.id,
      q.categoryName,
      q.title,
      q.hot ? '常见' : '',
      q.published ? '已发布' : '已下线',
      q.sort,
      q.helpful,
      q.notHelpful,
      t.time(q.updatedAt),
    ]),
  ))
    t.out(line);
  t.out(`共显示 ${rows.length} 条 / ${rows.length} shown`);
}

async function publish(values: ContentOpsValues, t: ContentOpsTools) {
  const category = str(values.category) ?? t.usage('请用 --category 给出分类（编号或名称）');
  const categoryId = await topicOf(category, t);
  const row = await publishHelpQuestion(t.ctx, {
    categoryId,
    title: str(values.title) ?? t.usage('请用 --title 给出问题标题'),
    content: richTextArg(values, t, '解答正文'),
    hot: values.hot === true,
    sort: t.optInt('--sort', str(values.sort), -1_000_000),
  });
  t.out(
    `✓ 已发布帮助问题 #${row.id}「${row.title}」${row.hot ? '（常见问题）' : ''}：分类 ${categoryId}，顺序 ${row.sort}`,
  );
  t.out(`  会员查看：/home/feedback/help/${categoryId}/${row.id}`);
}

/** Runs one help-centre command (`help list|publish|unpublish`); returns false for anything else. */
export async function runHelpOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools,
): Promise<boolean> {
  if (command !== 'help') return false;
  switch (args[0]) {
    case 'list':
      await list(values, t);
      return true;
    case 'publish':
      await publish(values, t);
      return true;
    case 'unpublish': {
      const id = t.optInt('问题 id / question id', args[1], 1) ?? t.usage('用法 / usage: help unpublish <id>');
      const { row, already } = await unpublishHelpQuestion(t.ctx, id);
      t.out(
        already
          ? `= 帮助问题 #${row.id} 已经下线过 / already unpublished`
          : `✓ 已下线帮助问题 #${row.id}「${row.title}」`,
      );
      return true;
    }
    default:
      return t.usage('用法 / usage: help list | help publish … | help unpublish <id>');
  }
}
