import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { GiftIcon, HomeIcon, ListIcon, TicketIcon, UserIcon } from './icons';
import { TAB_BAR_HEIGHT_PX } from '../config';
import { NavLink } from './NavLink';

export type TabKey = 'home' | 'task' | 'exchange' | 'welfare' | 'mine';

export interface TabItem {
  key: TabKey;
  label: string;
  to: string;
  /** Active on this exact path only (otherwise also on sub-paths). */
  exact?: boolean;
}

const ICONS: Record<TabKey, ReactNode> = {
  home: <HomeIcon size={22} />,
  task: <ListIcon size={22} />,
  exchange: <GiftIcon size={22} />,
  welfare: <TicketIcon size={22} />,
  mine: <UserIcon size={22} />,
};

export interface TabBarProps {
  /** The tabs, in order (the container leaves out a page not built). */
  items: readonly TabItem[];
  /** Current pathname, to mark the active tab. */
  activePath: string;
}

const isActive = (item: TabItem, path: string) =>
  item.exact ? path === item.to : path === item.to || path.startsWith(`${item.to}/`);

/**
 * The phone's bottom tab bar (首页 / 任务 / 兑换 / 福利 / 我的), fixed to the bottom of the screen;
 * hidden from the `md` breakpoint up, where the header's navigation has the same entries.
 */
export function TabBar({ items, activePath }: TabBarProps) {
  // The most specific active tab wins (我的 /home/user over 首页 /home).
  const active = items.filter((item) => isActive(item, activePath)).sort((a, b) => b.to.length - a.to.length)[0]?.key;
  return (
    <Box
      as="nav"
      aria-label="底部导航"
      display={{ base: 'block', md: 'none' }}
      position="fixed"
      left="0"
      right="0"
      bottom="0"
      zIndex="docked"
      bg="white"
      borderTopWidth="1px"
      borderColor="gray.100"
      pb="env(safe-area-inset-bottom)"
      data-testid="tab-bar"
    >
      <Flex h={`${TAB_BAR_HEIGHT_PX}px`} align="stretch">
        {items.map((item) => {
          const current = item.key === active;
          return (
            <NavLink
              key={item.key}
              to={item.to}
              active={current}
              flex="1"
              display="flex"
              flexDirection="column"
              alignItems="center"
              justifyContent="center"
              gap="0.5"
              fontSize="11px"
              fontWeight={current ? 'semibold' : 'normal'}
              color={current ? 'brand.600' : 'gray.600'}
            >
              {ICONS[item.key]}
              {item.label}
            </NavLink>
          );
        })}
      </Flex>
    </Box>
  );
}
