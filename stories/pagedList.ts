import { fn } from 'storybook/test';
import { alert, button, shows } from './play';

/** What the stories of every paged list share (tasks, records, 微豆 and credit details, invitees, catalogue). */

/**
 * A paged-list view in its ready state showing `items`, with the callbacks every such view takes
 * (filter tabs, 加载更多, 重新加载) as fresh spies.
 */
export const readyList = <Item>(items: Item[], { hasMore }: { hasMore: boolean }) => ({
  status: 'ready' as const,
  items,
  hasMore,
  onFilter: fn(),
  onLoadMore: fn(),
  onRetry: fn(),
});

/** The footer while the next page loads. */
export const loadingMore = {
  args: { status: 'loadingMore', hasMore: true },
  play: shows(button('加载中…', 'disabled')),
} as const;

/** The footer after the next page failed to load: the error and a retry. */
export const loadMoreFailed = {
  args: { hasMore: true, moreError: '网络错误，请稍后重试' },
  play: shows(alert('网络错误，请稍后重试'), button('重新加载')),
};
