import type { z } from 'zod';
import { DeviceType, JoinResult, LowQualityReason, POINTS_RANGES, TaskModule, TaskType } from '../../../openapi/enums';
import { minQualityLabel } from '../../../openapi/rules/quality';
import type { TaskCard, TaskDetail, TaskRecord } from '../../../openapi/schemas/tasks';

/**
 * Contract data of the task calls turned into what the task views render (labels in zh-CN).
 * This module imports the contract's enums (and so zod): the landing page loads it with the
 * API client by dynamic import; the views themselves (TaskListItem, TaskMeta) never import it.
 */

export type TaskCardData = z.output<typeof TaskCard>;
export type TaskDetailData = z.output<typeof TaskDetail>;
export type TaskRecordData = z.output<typeof TaskRecord>;
export type TaskBlock = NonNullable<TaskDetailData['block']>;

/** What a task card shows. */
export interface TaskCardView {
  hashId: string;
  title: string;
  typeLabel: string;
  moduleLabel: string;
  /** How it is done (答题 / 观看 / 浏览 in the words that name it). */
  kind: TaskCardData['kind'];
  /** 完成可得 */
  points: number;
  /** 被甄别时的安慰微豆 */
  screenOutPoints: number;
  /** 配额已满时的安慰微豆 */
  quotaFullPoints: number;
  minutes: number;
  /** 手机 / 电脑 / 平板 */
  deviceLabels: string[];
  /** null = 名额不限 */
  remaining: number | null;
  openAt: number;
  /** null = 长期有效 */
  endAt: number | null;
  /** The minimum answer-quality level asked (答题质量 仅限优秀 / 良好及以上); null when any. */
  qualityLabel: string | null;
  /** My participation: null when never started. */
  mine: {
    status: 'started' | 'finished';
    joinResult: number;
    resultLabel: string;
    points: number;
  } | null;
}

export interface TaskDetailView extends TaskCardView {
  /** The task's number (what a benefit is used on). */
  id: number;
  /** A snap task (抢答): an early-access card can open it sooner. */
  snap: boolean;
  /** Minutes sooner this member may start it, by an early-access card used on it (0: none). */
  earlyMinutes: number;
  description: string;
  rules: string[];
  canStart: boolean;
  block: TaskBlock | null;
  blockMessage: string | null;
}

export const joinResultLabel = (r: number) => JoinResult.labels[r as keyof typeof JoinResult.labels] ?? '未知结果';
/** A task type's label; type 0 (默认) has none worth showing: ''. */
export const taskTypeLabel = (t: number) =>
  t === TaskType.values.DEFAULT ? '' : (TaskType.labels[t as keyof typeof TaskType.labels] ?? '');
export const lowQualityLabel = (r: number) =>
  LowQualityReason.labels[r as keyof typeof LowQualityReason.labels] ?? '其他原因';

/** A module's tab label: the enum's label, read as a kind of task (抢答 → 抢答任务; module 0 is 常规任务). */
export function moduleLabel(m: number): string {
  const label = TaskModule.labels[m as keyof typeof TaskModule.labels] ?? '其他';
  return label.endsWith('任务') ? label : `${label}任务`;
}

export function toTaskCardView(t: TaskCardData): TaskCardView {
  return {
    hashId: t.hashId,
    title: t.title,
    typeLabel: taskTypeLabel(t.type),
    moduleLabel: moduleLabel(t.module),
    kind: t.kind,
    points: t.points,
    screenOutPoints: t.screenOutPoints,
    quotaFullPoints: t.quotaFullPoints,
    minutes: t.minutes,
    deviceLabels: t.devices.map((d) => DeviceType.labels[d]),
    remaining: t.remaining,
    openAt: t.openAt,
    endAt: t.endAt,
    qualityLabel: t.minQualityLevel > 0 ? `答题质量${minQualityLabel(t.minQualityLevel)}` : null,
    mine: t.mine
      ? {
          status: t.mine.status,
          joinResult: t.mine.joinResult,
          resultLabel: t.mine.status === 'started' ? '进行中' : joinResultLabel(t.mine.joinResult),
          points: t.mine.points,
        }
      : null,
  };
}

export function toTaskDetailView(t: TaskDetailData): TaskDetailView {
  return {
    ...toTaskCardView(t),
    id: t.id,
    snap: t.module === TaskModule.values.SNAP,
    earlyMinutes: t.earlyMinutes,
    description: t.description,
    rules: t.rules,
    canStart: t.canStart,
    block: t.block,
    blockMessage: t.blockMessage,
  };
}

/** Modules in the order members meet them: 新手, 日常, 抢答, 淘宝, then 默认 (the rest). */
export const byModuleOrder = (a: number, b: number) => (a === 0 ? 1 : b === 0 ? -1 : a - b);

/** The /task tabs: 全部 (no module filter) and every module of the enum. */
export const MODULE_TABS: { value: number | null; label: string }[] = [
  { value: null, label: '全部' },
  ...[...TaskModule.list].sort(byModuleOrder).map((m) => ({ value: m, label: moduleLabel(m) })),
];

/** The points-range filter (spec §3). */
export const RANGE_FILTERS: { value: number | null; label: string }[] = [
  { value: null, label: '不限' },
  ...POINTS_RANGES.map((r) => ({ value: r.id, label: `${r.label} 微豆` })),
];

export const isModule = (v: unknown): v is number =>
  typeof v === 'number' && (TaskModule.list as readonly number[]).includes(v);
export const isRange = (v: unknown): v is number => typeof v === 'number' && POINTS_RANGES.some((r) => r.id === v);

/** /home/task filter chips: 全部 and every join result. */
export const RESULT_FILTERS: { value: number | null; label: string }[] = [
  { value: null, label: '全部' },
  ...JoinResult.list.map((r) => ({ value: r, label: joinResultLabel(r) })),
];
