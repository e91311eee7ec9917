import { afterEach, describe, expect, it } from 'vitest';
import { guardRoute } from '../../src/routing/guards';
import { matchRoute, taskGoPath } from '../../src/routing/paths';
import { closeLabel, formatDateTime, formatShort, remainingLabel } from '../../src/components/task/format';
import { readMakeMoneyStatus, saveMakeMoneyStatus } from '../../src/components/task/makeMoneyStatus';
import {
  MODULE_TABS,
  RANGE_FILTERS,
  RESULT_FILTERS,
  moduleLabel,
  taskTypeLabel,
  toTaskCardView,
  type TaskCardData,
} from '../../src/components/task/model';
import { consolationLines } from '../../src/components/task/TaskMeta';
import { visitorTaskLink } from '../../src/components/task/RecommendedTasks';
import { clearLogin, saveLogin, StorageKey } from '../../src/services/storage';

/** 2026-11-22 09:05 in Beijing. */
const NOW = Date.UTC(2026, 10, 22, 1, 5);
const HOUR = 3_600_000;

describe('MAKEMONEYSTATUS (the last chosen module)', () => {
  afterEach(() => localStorage.clear());

  it('remembers the module, 全部 as null', () => {
    expect(readMakeMoneyStatus()).toBeNull();
    saveMakeMoneyStatus({ module: 3 });
    expect(localStorage.getItem(StorageKey.MAKE_MONEY_STATUS)).toBe('{"module":3}');
    expect(readMakeMoneyStatus()).toEqual({ module: 3 });
    saveMakeMoneyStatus({ module: null });
    expect(readMakeMoneyStatus()).toEqual({ module: null });
  });

  it('survives logout while the login is cleared', () => {
    saveLogin({ token: 't', refreshToken: 'r', expired: NOW + HOUR });
    saveMakeMoneyStatus({ module: 2 });
    clearLogin();
    expect(localStorage.getItem(StorageKey.TOKEN)).toBeNull();
    expect(readMakeMoneyStatus()).toEqual({ module: 2 });
  });

  it('ignores values it did not write', () => {
    for (const raw of ['1', 'garbage', '{"module":"2"}', '{"module":1.5}', '[]']) {
      localStorage.setItem(StorageKey.MAKE_MONEY_STATUS, raw);
      expect(readMakeMoneyStatus()).toBeNull();
    }
  });
});

describe('task formatting', () => {
  it('close time as members read it, in Beijing time', () => {
    expect(closeLabel(null, NOW)).toBe('长期有效');
    expect(closeLabel(NOW - 1, NOW)).toBe('已截止');
    expect(closeLabel(NOW + 9 * HOUR, NOW)).toBe('今天 18:05 截止');
    expect(closeLabel(NOW + 24 * HOUR, NOW)).toBe('明天 09:05 截止');
    expect(closeLabel(NOW + 4 * 24 * HOUR, NOW)).toBe('11月26日 09:05 截止');
    // 23:30 UTC is already the next day in Beijing.
    expect(formatDateTime(Date.UTC(2026, 11, 31, 23, 30))).toBe('2027-01-01 07:30');
    expect(formatShort(Date.UTC(2027, 0, 2, 1, 0), NOW)).toBe('2027年1月2日 09:00');
  });

  it('quota and consolation lines', () => {
    expect(remainingLabel(null)).toBe('名额不限');
    expect(remainingLabel(0)).toBe('名额已满');
    expect(remainingLabel(12)).toBe('剩 12 个名额');
    expect(consolationLines(0, 0)).toEqual(['甄别/满额无奖励']);
    expect(consolationLines(5, 5)).toEqual(['甄别/满额得 5']);
    expect(consolationLines(20, 10)).toEqual(['甄别得 20', '满额得 10']);
  });
});

describe('task view model', () => {
  const card: TaskCardData = {
    id: 1,
    hashId: 'Ab-_12cd',
    title: '问卷',
    type: 5,
    module: 3,
    kind: 'survey',
    points: 80,
    screenOutPoints: 5,
    quotaFullPoints: 3,
    minutes: 3,
    devices: [1, 2],
    remaining: 6,
    openAt: NOW - HOUR,
    endAt: NOW + HOUR,
    cover: null,
    minQualityLevel: 0,
    mine: { respondentId: 'r'.repeat(22), status: 'finished', joinResult: 2, points: 5 },
  };

  it('labels from the contract enums', () => {
    const v = toTaskCardView(card);
    expect(v).toMatchObject({ typeLabel: '抢答', moduleLabel: '抢答任务', deviceLabels: ['手机', '电脑'] });
    expect(v.mine).toEqual({ status: 'finished', joinResult: 2, resultLabel: '被甄别', points: 5 });
    expect(
      toTaskCardView({ ...card, mine: { ...card.mine!, status: 'started', joinResult: 0 } }).mine?.resultLabel,
    ).toBe('进行中');
    expect(v.qualityLabel).toBeNull();
    expect(toTaskCardView({ ...card, minQualityLevel: 3 }).qualityLabel).toBe('答题质量仅限优秀');
    expect(toTaskCardView({ ...card, minQualityLevel: 2 }).qualityLabel).toBe('答题质量良好及以上');
    expect(taskTypeLabel(0)).toBe('');
    expect(moduleLabel(0)).toBe('常规任务');
  });

  it('tabs: 全部 then every module, 常规任务 last; every points range; every join result', () => {
    expect(MODULE_TABS.map((t) => t.value)).toEqual([null, 1, 2, 3, 4, 0]);
    expect(MODULE_TABS.map((t) => t.label)).toEqual([
      '全部',
      '新手任务',
      '日常任务',
      '抢答任务',
      '淘宝任务',
      '常规任务',
    ]);
    expect(RANGE_FILTERS.map((r) => r.value)).toEqual([null, 1, 2, 3, 4, 5]);
    expect(RESULT_FILTERS).toHaveLength(10);
    expect(RESULT_FILTERS[0]).toEqual({ value: null, label: '全部' });
  });

  it('links: hand-off screen, and login with a redirect back for visitors', () => {
    expect(taskGoPath('Ab-_12cd')).toBe('/task/go?id=Ab-_12cd');
    const link = visitorTaskLink('Ab-_12cd');
    expect(link).toBe('/login?redirect=%2Ftask%2Fdetail%2FAb-_12cd');
    expect(new URLSearchParams(link.split('?')[1]).get('redirect')).toBe('/task/detail/Ab-_12cd');
  });
});

describe('task routes', () => {
  it('are member-only with titles; a visitor goes to login and comes back', () => {
    for (const [path, title] of [
      ['/task', '任务'],
      ['/task/summary', '任务概况'],
      ['/task/detail/Ab-_12cd', '任务详情'],
      ['/home/task', '任务记录'],
    ] as const) {
      const m = matchRoute(path);
      expect(m?.route.title).toBe(title);
      expect(m?.route.public).toBe(false);
      expect(guardRoute({ path, route: m!.route, loggedIn: false })).toBe(
        `/login?redirect=${encodeURIComponent(path)}`,
      );
      expect(guardRoute({ path, route: m!.route, loggedIn: true })).toBeNull();
    }
    expect(matchRoute('/task/detail/Ab-_12cd')?.params.id).toBe('Ab-_12cd');
    expect(matchRoute('/home/task')?.route.area).toBe('home');
  });
});
