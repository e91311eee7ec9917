import { Box } from '@chakra-ui/react';
import { TabBar, type TabItem } from '../components/TabBar';
import { TAB_BAR_HEIGHT_PX } from '../config';
import {
  isRouted,
  type PageId,
  USER_CENTRE_PATH,
  WELFARE_PATH,
  EXCHANGE_PATH,
  LOGIN_PATH,
  MEMBER_HOME_PATH,
  TASKS_PATH,
} from '../routing/paths';

/** Pages with a fixed bar of their own at the bottom (the task's 开始任务, a questionnaire): no tab bar over it. */
const OWN_BOTTOM_BAR: readonly PageId[] = ['task-detail', 'task-poll'];

const routed = (items: TabItem[]) => items.filter((item) => isRouted(item.to));

const shared: TabItem[] = [
  { key: 'task', label: '任务', to: TASKS_PATH },
  { key: 'exchange', label: '兑换', to: EXCHANGE_PATH },
  { key: 'welfare', label: '福利', to: WELFARE_PATH },
];

/** A member's tabs: 首页 is 我的主页, 我的 the 个人中心 (我的主页 until that page is built). */
const MEMBER_TABS = routed([
  { key: 'home', label: '首页', to: MEMBER_HOME_PATH, exact: true },
  ...shared,
  { key: 'mine', label: '我的', to: isRouted(USER_CENTRE_PATH) ? USER_CENTRE_PATH : MEMBER_HOME_PATH },
]);
/** A visitor's: 首页 is the landing page, 我的 the login. */
const VISITOR_TABS = routed([
  { key: 'home', label: '首页', to: '/', exact: true },
  ...shared,
  { key: 'mine', label: '我的', to: LOGIN_PATH },
]);

/**
 * The phone's bottom tab bar in its own chunk (src/app/Shell.tsx loads it after the page, on the
 * layouts with a header), so no page's first load grows with it. The room it takes is kept below
 * the footer, where it moves nothing already on screen.
 */
export default function TabBarContainer({
  pathname,
  page,
  loggedIn,
}: {
  pathname: string;
  page: PageId;
  loggedIn: boolean;
}) {
  if (OWN_BOTTOM_BAR.includes(page)) return null;
  return (
    <>
      <Box
        aria-hidden="true"
        display={{ base: 'block', md: 'none' }}
        flexShrink={0}
        h={`calc(${TAB_BAR_HEIGHT_PX}px + env(safe-area-inset-bottom))`}
      />
      <TabBar items={loggedIn ? MEMBER_TABS : VISITOR_TABS} activePath={pathname} />
    </>
  );
}
