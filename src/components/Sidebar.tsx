import { Box, Stack } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { SIDEBAR_TOP_PX } from '../config';
import {
  isRouted,
  USER_CENTRE_PATH,
  CARD_PATH,
  EXCHANGE_RECORDS_PATH,
  GOLD_PATH,
  MEMBER_HOME_PATH,
  TASK_RECORDS_PATH,
  FEEDBACK_HUB_PATH,
} from '../routing/paths';
import { CoinIcon, GiftIcon, HelpIcon, HomeIcon, ListIcon, TicketIcon, UserIcon } from './icons';
import { NavLink } from './NavLink';

export interface SidebarItem {
  label: string;
  to: string;
  icon: ReactNode;
}

/** The /home area's items, in the spec's order (§2 "Home area"). */
export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { label: '我的主页', to: MEMBER_HOME_PATH, icon: <HomeIcon /> },
  { label: '任务记录', to: TASK_RECORDS_PATH, icon: <ListIcon /> },
  { label: '微豆明细', to: GOLD_PATH, icon: <CoinIcon /> },
  { label: '卡券专区', to: CARD_PATH, icon: <TicketIcon /> },
  { label: '兑换记录', to: EXCHANGE_RECORDS_PATH, icon: <GiftIcon /> },
  { label: '个人中心', to: USER_CENTRE_PATH, icon: <UserIcon /> },
  { label: '帮助与反馈', to: FEEDBACK_HUB_PATH, icon: <HelpIcon /> },
];

/** `/home` is active on itself only; every other item also on its sub-pages. */
function isSidebarItemActive(item: Pick<SidebarItem, 'to'>, path: string) {
  return item.to === MEMBER_HOME_PATH
    ? path === MEMBER_HOME_PATH || path === `${MEMBER_HOME_PATH}/`
    : path === item.to || path.startsWith(`${item.to}/`);
}

const ROUTED_SIDEBAR_ITEMS = SIDEBAR_ITEMS.filter((item) => isRouted(item.to));

export interface SidebarProps {
  activePath: string;
  /** The items to show (default: those whose pages are routed — a page not built is not linked). */
  items?: readonly SidebarItem[];
  /** Sticky offset on desktop (spec: 100 px). */
  top?: number;
}

/**
 * The /home sidebar: a sticky card on desktop, horizontally scrollable tabs on phones.
 * Both are rendered; CSS shows one.
 */
export function Sidebar({ activePath, items = ROUTED_SIDEBAR_ITEMS, top = SIDEBAR_TOP_PX }: SidebarProps) {
  const tabs = useRef<HTMLDivElement>(null);
  // On phones the current item may lie past the right edge (帮助与反馈 is last): bring it into view.
  useEffect(() => {
    const row = tabs.current;
    const current = row?.querySelector('[aria-current="page"]');
    if (!row || !current) return;
    const r = row.getBoundingClientRect();
    const c = current.getBoundingClientRect();
    if (c.left < r.left || c.right > r.right) row.scrollLeft += c.left - r.left - (r.width - c.width) / 2;
  }, [activePath]);
  return (
    <>
      <Box
        as="nav"
        aria-label="个人中心导航"
        display={{ base: 'none', md: 'block' }}
        position="sticky"
        top={`${top}px`}
        alignSelf="flex-start"
        width="200px"
        flexShrink={0}
        layerStyle="card"
        py="3"
      >
        <Stack gap="0.5" px="2">
          {items.map((item) => {
            const active = isSidebarItemActive(item, activePath);
            return (
              <NavLink
                key={item.to}
                to={item.to}
                active={active}
                display="flex"
                alignItems="center"
                gap="3"
                px="4"
                py="2.5"
                borderRadius="lg"
                fontSize="15px"
                fontWeight={active ? 'semibold' : 'normal'}
                color={active ? 'brand.700' : 'gray.700'}
                bg={active ? 'brand.50' : 'transparent'}
                _hover={{ bg: active ? 'brand.50' : 'gray.50', color: 'brand.700' }}
                css={{ '& svg': { width: '18px', height: '18px', flexShrink: 0 } }}
              >
                {item.icon}
                {item.label}
              </NavLink>
            );
          })}
        </Stack>
      </Box>

      <Box
        ref={tabs}
        as="nav"
        aria-label="个人中心导航"
        display={{ base: 'flex', md: 'none' }}
        gap="2"
        overflowX="auto"
        mx="-4"
        px="4"
        py="3"
        bg="white"
        layerStyle="hairline.bottom"
        css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
      >
        {items.map((item) => {
          const active = isSidebarItemActive(item, activePath);
          return (
            <NavLink
              key={item.to}
              to={item.to}
              active={active}
              flexShrink={0}
              px="3.5"
              py="1.5"
              borderRadius="full"
              fontSize="14px"
              whiteSpace="nowrap"
              fontWeight={active ? 'semibold' : 'normal'}
              color={active ? 'white' : 'gray.700'}
              bg={active ? 'brand.solid' : 'gray.100'}
            >
              {item.label}
            </NavLink>
          );
        })}
      </Box>
    </>
  );
}
