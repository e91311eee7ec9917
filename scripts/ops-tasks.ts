/**
 * The tasks' commands of `npm run ops` (scripts/ops.ts hands `tasks …` and `task …` over): every
 * task with what it asks of members, and a task's minimum answer-quality level (答题质量, the
 * level GET /v1/quality shows; the rule for members not rated yet is openapi/rules/quality.ts
 * meetsQualityLevel). Through server/modules/tasks/admin.ts.
 */
import { minQualityLabel, QUALITY_LEVELS, UNRATED_MEETS_UP_TO, qualityLevelName } from '../openapi/rules/quality';
import { listTasksForOperator, setTaskMinQualityLevel } from '../server/modules/tasks/admin';
import type { ContentOpsTools, ContentOpsValues } from './ops-content';

export const TASK_HELP = `任务 / tasks
  tasks list [--limit N]                     最近的任务：编号、标题、方式、微豆、状态、答题质量要求
  task quality <id|hashId> <等级>            设置参加该任务所需的最低答题质量等级：
                                             0 不限；1 待提升；2 良好；3 优秀（也可写等级名称）。
                                             暂未定级（见习）的会员可参加要求「${qualityLevelName(UNRATED_MEETS_UP_TO)}」及以下的任务
  （兑换商品同样可设：reward add … --min-quality 等级；reward quality <id> <等级>）`;

/** `3`, `优秀`, `0`, `不限` → the level (0–3); anything else is a usage error. */
export function parseQualityLevel(text: string, usage: (msg: string) => never): number {
  const t = text.trim();
  if (t === '不限') return 0;
  const byName = QUALITY_LEVELS.find((l) => l.level > 0 && l.name === t);
  if (byName) return byName.level;
  if (/^[0-3]$/.test(t)) return Number(t);
  return usage(`答题质量等级应为 0–3 或 待提升 / 良好 / 优秀：${text}`);
}

export async function runTaskOps(
  command: string,
  args: string[],
  _values: ContentOpsValues,
  t: ContentOpsTools,
): Promise<boolean> {
  if (command === 'tasks') {
    if (args[0] !== undefined && args[0] !== 'list') t.usage('用法 / usage: tasks list [--limit N]');
    const rows = await listTasksForOperator(t.ctx.db, t.limit);
    for (const line of t.table(
      ['编号 ID', 'Hash', '标题 Title', '方式 Kind', '微豆 Points', '状态 Status', '答题质量 Quality'],
      rows.map((r) => [
        r.id,
        r.hashId,
        r.title,
        r.kind,
        r.points,
        r.status === 'active' ? '进行中' : '已暂停',
        minQualityLabel(r.minQualityLevel),
      ]),
    ))
      t.out(line);
    t.out(`显示 ${rows.length} 个 / ${rows.length} shown`);
    return true;
  }
  if (command === 'task') {
    if (args[0] !== 'quality' || args.length !== 3) t.usage('用法 / usage: task quality <id|hashId> <等级 0–3>');
    const row = await setTaskMinQualityLevel(t.ctx.db, args[1]!, parseQualityLevel(args[2]!, t.usage));
    t.out(`✓ 任务 #${row.id} ${row.title} 答题质量要求 → ${minQualityLabel(row.minQualityLevel)}`);
    return true;
  }
  return false;
}
