import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastService, toast } from '../../../src/services/toast';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  toast.clear();
});

describe('toast service', () => {
  it('shows each of the four kinds', () => {
    const t = createToastService();
    t.info('提示');
    t.warning('注意');
    t.error('出错了');
    t.success('成功了');
    expect(t.list().map((i) => [i.kind, i.message])).toEqual([
      ['info', '提示'],
      ['warning', '注意'],
      ['error', '出错了'],
      ['success', '成功了'],
    ]);
  });

  it('keeps a toast for exactly 2000 ms', () => {
    const t = createToastService();
    const item = t.success('已保存');
    expect(item?.duration).toBe(2000);
    vi.advanceTimersByTime(1999);
    expect(t.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.list()).toHaveLength(0);
  });

  it('unlessShowing drops the message while another toast is showing, and shows it after', () => {
    const t = createToastService();
    t.error('第一条');
    expect(t.error('第二条', { unlessShowing: true })).toBeNull();
    expect(t.list().map((i) => i.message)).toEqual(['第一条']);
    t.info('不受限的一条');
    expect(t.list()).toHaveLength(2);
    vi.advanceTimersByTime(2000);
    expect(t.warning('第三条', { unlessShowing: true })).not.toBeNull();
    expect(t.list().map((i) => i.message)).toEqual(['第三条']);
  });

  it('notifies subscribers on every change; list() is a new array each time', () => {
    const t = createToastService();
    const listener = vi.fn();
    const unsubscribe = t.subscribe(listener);
    const before = t.list();
    const item = t.info('你好')!;
    expect(listener).toHaveBeenCalledTimes(1);
    expect(t.list()).not.toBe(before);
    t.dismiss(item.id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    t.info('再见');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('the app has one shared service', () => {
    toast.warning('全局');
    expect(toast.list()).toEqual([expect.objectContaining({ kind: 'warning', message: '全局', duration: 2000 })]);
  });
});
