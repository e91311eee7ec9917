/**
 * Answer quality's commands of `npm run ops` (scripts/ops.ts hands `quality …` over): the level
 * minimums in force (server/modules/quality/levels.ts) — shown, changed one level at a time (the
 * set must rise with the level), or back to the defaults of openapi/rules/quality.ts. Every page,
 * task and reward that reads a level reads these.
 */
import { qualityLevelName, levelSummary, QUALITY_WINDOW_DAYS, type LevelThreshold } from '../openapi/rules/quality';
import {
  levelThresholds,
  resetLevelThresholds,
  setLevelThreshold,
  THRESHOLDS_MS,
} from '../server/modules/quality/levels';
import type { ContentOpsTools, ContentOpsValues } from './ops-content';

export const QUALITY_HELP = `答题质量等级 / answer-quality levels
  quality levels                             各等级门槛（近 ${QUALITY_WINDOW_DAYS} 天计入的答卷数与有效率）
  quality levels set --level N [--min-answers N] [--min-rate P]
                                             修改一个等级（1 待提升、2 良好、3 优秀）的门槛；P 是百分数，如 85；
                                             门槛须随等级升高；${THRESHOLDS_MS / 1000} 秒内对所有会员生效
  quality levels reset                       恢复默认门槛`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function print(t: ContentOpsTools, thresholds: readonly LevelThreshold[]) {
  for (const line of t.table(
    ['等级 Level', '名称 Name', '最少答卷 Min answers', '有效率 Min rate', '规则 Rule'],
    [0, 1, 2, 3].map((level) => {
      const x = thresholds.find((l) => l.level === level);
      return [
        level,
        qualityLevelName(level),
        x ? x.minCounted : '—',
        x ? `${Math.round(x.minRate * 1000) / 10}%` : '—',
        levelSummary(level, thresholds),
      ];
    }),
  ))
    t.out(line);
}

async function levels(args: string[], values: ContentOpsValues, t: ContentOpsTools) {
  switch (args[0]) {
    case undefined:
      print(t, await levelThresholds(t.ctx.db));
      return;
    case 'set': {
      const level = t.optInt('--level', str(values.level), 1) ?? t.usage('请用 --level 给出等级（1、2 或 3）');
      const minCounted = t.optInt('--min-answers', str(values['min-answers']), 1);
      const ratePercent = str(values['min-rate']);
      const minRate = ratePercent === undefined ? undefined : Number(ratePercent) / 100;
      if (minRate !== undefined && !Number.isFinite(minRate)) t.usage('--min-rate 是百分数，如 85');
      if (minCounted === undefined && minRate === undefined) t.usage('请给出 --min-answers 或 --min-rate');
      const next = await setLevelThreshold(t.ctx, { level, minCounted, minRate });
      t.out(`✓ 已修改「${qualityLevelName(level)}」的门槛`);
      print(t, next);
      return;
    }
    case 'reset':
      print(t, await resetLevelThresholds(t.ctx));
      t.out('✓ 已恢复默认门槛');
      return;
    default:
      t.usage('用法 / usage: quality levels | quality levels set --level N … | quality levels reset');
  }
}

export async function runQualityOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools,
): Promise<boolean> {
  if (command !== 'quality') return false;
  if (args[0] !== 'levels') t.usage('用法 / usage: quality levels [set … | reset]');
  await levels(args.slice(1), values, t);
  return true;
}
