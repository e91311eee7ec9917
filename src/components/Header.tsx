import { Box, Button, chakra, Container, Flex, HStack, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Avatar } from './Avatar';
import { BellIcon, ChevronDownIcon, CloseIcon, HomeIcon, LogoutIcon, MenuIcon, UserIcon } from './icons';
import { Logo } from './Logo';
import { NavLink } from './NavLink';
import {
  USER_CENTRE_PATH,
  LOGIN_PATH,
  MESSAGES_PATH,
  EXCHANGE_PATH,
  MEMBER_HOME_PATH,
  REGISTER_PATH,
  TASKS_PATH,
  WELFARE_PATH,
} from '../routing/paths';

/** Header heights; pages below a solid header are padded by these. */
export const HEADER_HEIGHT = { base: '56px', md: '64px' } as const;

export interface HeaderUser {
  nickname?: string | null;
  avatar?: string | null;
}

export interface HeaderProps {
  /** The logged-in member, or null for a visitor. */
  user: HeaderUser | null;
  /** Show the red new-message dot on the bell. */
  hasNewMessage?: boolean;
  /** Transparent over the landing hero (white text); otherwise white. */
  transparent?: boolean;
  phoneMenuOpen?: boolean;
  userMenuOpen?: boolean;
  /** Current pathname, to mark the active navigation item. */
  activePath: string;
  onPhoneMenuToggle?: () => void;
  onUserMenuToggle?: () => void;
  /** Close any open menu (backdrop click). */
  onDismissMenus?: () => void;
  onLogout?: () => void;
  /** Link 个人中心 (/home/user): only once that page is routed (the container checks the route table). */
  showUserCentre?: boolean;
}

interface NavItem {
  label: string;
  to: string;
  /** Active on this exact path only (otherwise also on sub-paths). */
  exact?: boolean;
}

/** 兑换 and 福利 (the campaigns and perks) for everyone, once their pages are built. */
const SHARED_NAV: readonly NavItem[] = [
  { label: '任务', to: TASKS_PATH },
  ...[
    { label: '兑换', to: EXCHANGE_PATH },
    { label: '福利', to: WELFARE_PATH },
  ],
];
export const VISITOR_NAV: readonly NavItem[] = [{ label: '首页', to: '/', exact: true }, ...SHARED_NAV];
export const MEMBER_NAV: readonly NavItem[] = [{ label: '我的主页', to: MEMBER_HOME_PATH }, ...SHARED_NAV];
/** The pages that are themselves the way in: no 登录/注册 button over their own form. */
const AUTH_PATHS: readonly string[] = [LOGIN_PATH, REGISTER_PATH];

function isActive(item: NavItem, path: string) {
  return item.exact ? path === item.to : path === item.to || path.startsWith(`${item.to}/`);
}

const noop = () => {};

/** The site header (spec §2): logo, navigation, login button or the member's bell, avatar and menu. */
export function Header({
  user,
  hasNewMessage = false,
  transparent = false,
  phoneMenuOpen = false,
  userMenuOpen = false,
  activePath,
  onPhoneMenuToggle = noop,
  onUserMenuToggle = noop,
  onDismissMenus = noop,
  onLogout = noop,
  showUserCentre = false,
}: HeaderProps) {
  const nav = user ? MEMBER_NAV : VISITOR_NAV;
  const nickname = user?.nickname?.trim() || '微豆会员';
  const onDark = transparent;

  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      left="0"
      right="0"
      zIndex="sticky"
      height={HEADER_HEIGHT}
      bg={transparent ? 'transparent' : 'white'}
      color={onDark ? 'white' : 'ink'}
      boxShadow={transparent ? 'none' : '0 1px 0 rgba(15, 23, 42, 0.06), 0 2px 12px rgba(15, 23, 42, 0.04)'}
      transition="background-color 0.2s ease, box-shadow 0.2s ease, color 0.2s ease"
      data-transparent={transparent ? 'true' : 'false'}
    >
      {(phoneMenuOpen || userMenuOpen) && (
        <Box
          position="fixed"
          inset="0"
          top={HEADER_HEIGHT}
          bg={phoneMenuOpen ? 'blackAlpha.400' : 'transparent'}
          onClick={onDismissMenus}
          data-testid="menu-backdrop"
          aria-hidden="true"
        />
      )}
      <Container maxW="1200px" height="100%" px={{ base: '4', md: '6' }}>
        <Flex height="100%" align="center" justify="space-between" gap="4">
          <HStack gap={{ base: '4', md: '10' }} minW="0">
            <RouterLink to="/" aria-label="微豆调研 首页">
              <Logo onDark={onDark} size={30} />
            </RouterLink>
            <HStack as="nav" aria-label="主导航" gap="1" display={{ base: 'none', md: 'flex' }}>
              {nav.map((item) => {
                const active = isActive(item, activePath);
                return (
                  <NavLink
                    key={item.to}
                    to={item.to}
                    active={active}
                    px="3"
                    py="2"
                    fontSize="15px"
                    fontWeight={active ? 'semibold' : 'medium'}
                    position="relative"
                    color={onDark ? 'white' : active ? 'brand.600' : 'gray.700'}
                    _hover={{ color: onDark ? 'white' : 'brand.600' }}
                    _after={
                      active
                        ? {
                            content: '""',
                            position: 'absolute',
                            left: '3',
                            right: '3',
                            bottom: '0',
                            height: '2px',
                            borderRadius: 'full',
                            bg: onDark ? 'white' : 'brand.500',
                          }
                        : undefined
                    }
                  >
                    {item.label}
                  </NavLink>
                );
              })}
            </HStack>
          </HStack>

          <HStack gap={{ base: '1', md: '3' }} flexShrink={0}>
            {user ? (
              <>
                <MessageBell hasNewMessage={hasNewMessage} onDark={onDark} />
                <Box position="relative" display={{ base: 'none', md: 'block' }}>
                  <Button
                    variant="ghost"
                    size="sm"
                    px="2"
                    color="inherit"
                    _hover={{ bg: onDark ? 'whiteAlpha.200' : 'gray.100' }}
                    aria-haspopup="menu"
                    aria-expanded={userMenuOpen}
                    aria-controls="user-menu"
                    onClick={onUserMenuToggle}
                  >
                    <Avatar src={user.avatar} name={nickname} size={30} />
                    <Box as="span" maxW="9em" overflow="hidden" textOverflow="ellipsis" fontSize="14px">
                      {nickname}
                    </Box>
                    <ChevronDownIcon
                      style={{ transform: userMenuOpen ? 'rotate(180deg)' : undefined, transition: 'transform .2s' }}
                    />
                  </Button>
                  {userMenuOpen && (
                    <Stack
                      id="user-menu"
                      role="menu"
                      aria-label="账户菜单"
                      position="absolute"
                      right="0"
                      top="calc(100% + 8px)"
                      minW="168px"
                      bg="white"
                      color="ink"
                      borderRadius="lg"
                      boxShadow="0 10px 30px rgba(15, 23, 42, 0.14)"
                      borderWidth="1px"
                      borderColor="gray.100"
                      py="2"
                      gap="0"
                    >
                      <MenuLink to={MEMBER_HOME_PATH} icon={<HomeIcon />} label="我的主页" />
                      {showUserCentre && <MenuLink to={USER_CENTRE_PATH} icon={<UserIcon />} label="个人中心" />}
                      <Box height="1px" bg="gray.100" my="1" />
                      <MenuButton icon={<LogoutIcon />} label="退出登录" onClick={onLogout} />
                    </Stack>
                  )}
                </Box>
              </>
            ) : AUTH_PATHS.includes(activePath) ? null : (
              <Button
                asChild
                size={{ base: 'xs', md: 'sm' }}
                px={{ base: '3', md: '5' }}
                borderRadius="full"
                variant="solid"
                colorPalette="brand"
                bg={onDark ? 'white' : 'brand.solid'}
                color={onDark ? 'brand.700' : 'white'}
                _hover={{ bg: onDark ? 'brand.50' : 'brand.700' }}
                fontWeight="semibold"
              >
                <RouterLink to={LOGIN_PATH}>登录/注册</RouterLink>
              </Button>
            )}
            {user && (
              <Button
                display={{ base: 'inline-flex', md: 'none' }}
                variant="ghost"
                size="sm"
                px="2"
                color="inherit"
                _hover={{ bg: onDark ? 'whiteAlpha.200' : 'gray.100' }}
                aria-label={phoneMenuOpen ? '关闭菜单' : '打开菜单'}
                aria-expanded={phoneMenuOpen}
                aria-controls="phone-menu"
                onClick={onPhoneMenuToggle}
              >
                {phoneMenuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
              </Button>
            )}
          </HStack>
        </Flex>
      </Container>

      {/* A member's account on a phone; the pages themselves are in the tab bar (src/components/TabBar.tsx). */}
      {phoneMenuOpen && user && (
        <Box
          id="phone-menu"
          display={{ base: 'block', md: 'none' }}
          position="absolute"
          top="100%"
          left="0"
          right="0"
          bg="white"
          color="ink"
          borderTopWidth="1px"
          borderColor="gray.100"
          boxShadow="0 12px 24px rgba(15, 23, 42, 0.12)"
          px="4"
          pt="2"
          pb="5"
        >
          <HStack gap="3" py="3" layerStyle="hairline.bottom">
            <Avatar src={user.avatar} name={nickname} size={40} />
            <Box fontWeight="semibold" fontSize="16px" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap">
              {nickname}
            </Box>
          </HStack>
          <Stack as="nav" aria-label="账户" gap="0" py="1">
            {[
              { label: '消息中心', to: MESSAGES_PATH },
              ...(showUserCentre ? [{ label: '个人中心', to: USER_CENTRE_PATH }] : []),
            ].map((item) => {
              const active = isActive(item, activePath);
              return (
                <NavLink
                  key={item.label}
                  to={item.to}
                  active={active}
                  display="flex"
                  alignItems="center"
                  justifyContent="space-between"
                  py="3"
                  fontSize="16px"
                  fontWeight={active ? 'semibold' : 'normal'}
                  color={active ? 'brand.600' : 'ink'}
                  borderBottomWidth="1px"
                  borderColor="gray.50"
                >
                  {item.label}
                </NavLink>
              );
            })}
          </Stack>
          <Button mt="4" width="100%" variant="outline" colorPalette="gray" onClick={onLogout}>
            <LogoutIcon />
            退出登录
          </Button>
        </Box>
      )}
    </Box>
  );
}

function MessageBell({ hasNewMessage, onDark }: { hasNewMessage: boolean; onDark: boolean }) {
  return (
    <Box
      asChild
      position="relative"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      width="40px"
      height="40px"
      borderRadius="full"
      color="inherit"
      _hover={{ bg: onDark ? 'whiteAlpha.200' : 'gray.100' }}
    >
      <RouterLink to={MESSAGES_PATH} aria-label={hasNewMessage ? '消息（有新消息）' : '消息'}>
        <BellIcon size={22} />
        {hasNewMessage && (
          <Box
            as="span"
            data-testid="new-message-dot"
            position="absolute"
            top="9px"
            right="9px"
            width="9px"
            height="9px"
            borderRadius="full"
            bg="red.500"
            borderWidth="2px"
            borderColor={onDark ? 'transparent' : 'white'}
          />
        )}
      </RouterLink>
    </Box>
  );
}

/** The look of an entry of the account menu, link or button alike. */
const menuItemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  px: '4',
  py: '2.5',
  fontSize: '14px',
  color: 'gray.700',
  _hover: { bg: 'brand.50', color: 'brand.700' },
} as const;

function MenuLink({ to, icon, label }: { to: string; icon: React.ReactNode; label: string }) {
  return (
    <Box asChild {...menuItemStyle}>
      <RouterLink to={to} role="menuitem">
        {icon}
        {label}
      </RouterLink>
    </Box>
  );
}

function MenuButton({ icon, label, onClick }: { icon: React.ReactNode; label: string; onClick: () => void }) {
  return (
    <chakra.button
      type="button"
      role="menuitem"
      {...menuItemStyle}
      textAlign="left"
      width="100%"
      cursor="pointer"
      onClick={onClick}
    >
      {icon}
      {label}
    </chakra.button>
  );
}
