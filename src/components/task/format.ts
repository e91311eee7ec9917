/**
 * Formatting shared by the task pages and the recommended-task cards. No contract or zod imports:
 * the landing page renders task cards from its entry chunk (DESIGN §7 budget).
 */

import { pad, shanghaiParts } from '../shanghaiTime';

export { formatDateTime } from '../shanghaiTime';

/** `11月22日 09:05` in Beijing time, with the year only when it is not `now`'s year. */
export function formatShort(ms: number, now: number = Date.now()): string {
  const p = shanghaiParts(ms);
  const year = shanghaiParts(now).year === p.year ? '' : `${p.year}年`;
  return `${year}${p.month}月${p.day}日 ${pad(p.hour)}:${pad(p.minute)}`;
}

/** When a task closes, as members read it: 长期有效 / 今天 18:00 截止 / 11月30日 23:59 截止. */
export function closeLabel(endAt: number | null, now: number = Date.now()): string {
  if (endAt === null) return '长期有效';
  if (endAt <= now) return '已截止';
  const end = shanghaiParts(endAt);
  const today = shanghaiParts(now);
  const tomorrow = shanghaiParts(now + 86_400_000);
  const time = `${pad(end.hour)}:${pad(end.minute)}`;
  if (end.year === today.year && end.month === today.month && end.day === today.day) return `今天 ${time} 截止`;
  if (end.year === tomorrow.year && end.month === tomorrow.month && end.day === tomorrow.day)
    return `明天 ${time} 截止`;
  return `${formatShort(endAt, now)} 截止`;
}

/** 剩余名额: 不限 / 剩 12 个名额. */
export function remainingLabel(remaining: number | null): string {
  return remaining === null ? '名额不限' : remaining === 0 ? '名额已满' : `剩 ${remaining} 个名额`;
}

/** How a task is done (the contract's TaskKind), as far as the words below need it. */
export type TaskDoing = 'survey' | 'poll' | 'video' | 'browse' | 'forum';

/** The verbs of a task by how it is done: 答题 for a questionnaire, 观看 for a video, 浏览 for a page, 讨论 for a discussion group. */
const DOING_VERB: Record<TaskDoing, string> = {
  survey: '答题',
  poll: '答题',
  video: '观看',
  browse: '浏览',
  forum: '讨论',
};

/** `继续答题` / `继续观看` / `继续浏览` (a discussion group: `进入座谈会`): the way back into a started participation. */
export const resumeLabel = (kind: TaskDoing): string => (kind === 'forum' ? '进入座谈会' : `继续${DOING_VERB[kind]}`);

/** `答题完成` / `观看完成` / `浏览完成`: the title of a completed participation. */
export const doneLabel = (kind: TaskDoing): string => `${DOING_VERB[kind]}完成`;
