import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ROLE_LABELS, type StaffRole } from '../../../openapi/rules/staff';
import { LogoMark } from '../../components/Logo';

export interface ConsoleNavItem {
  path: string;
  title: string;
  active: boolean;
}

export interface ConsoleLayoutViewProps {
  staff: { name: string; login: string; roles: readonly StaffRole[] };
  /** Only the pages the staff member's permissions open. */
  nav: ConsoleNavItem[];
  signingOut?: boolean;
  onSignOut: () => void;
  onSignOutEverywhere: () => void;
  children: ReactNode;
}

export const rolesText = (roles: readonly StaffRole[]) => roles.map((r) => ROLE_LABELS[r] ?? r).join('、');

/**
 * The console's frame: the nav on the left on desktops (collapsed behind 菜单 on phones), the
 * staff member's name and roles with 退出登录 and 退出所有设备 at the top, the page beside.
 */
export function ConsoleLayoutView({
  staff,
  nav,
  signingOut,
  onSignOut,
  onSignOutEverywhere,
  children,
}: ConsoleLayoutViewProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navList = (
    <Stack as="ul" gap="1" listStyleType="none" p="0" m="0">
      {nav.map((item) => (
        <li key={item.path}>
          <Box
            asChild
            display="block"
            px="3"
            py="2"
            borderRadius="md"
            fontSize="15px"
            fontWeight={item.active ? 'semibold' : 'normal'}
            bg={item.active ? 'whiteAlpha.200' : 'transparent'}
            color="white"
            _hover={{ bg: 'whiteAlpha.100' }}
          >
            <RouterLink
              to={item.path}
              aria-current={item.active ? 'page' : undefined}
              onClick={() => setMenuOpen(false)}
            >
              {item.title}
            </RouterLink>
          </Box>
        </li>
      ))}
    </Stack>
  );
  return (
    <Flex minH="100vh" direction={{ base: 'column', md: 'row' }} bg="gray.50">
      <Box
        as="nav"
        aria-label="管理后台导航"
        bg="gray.900"
        color="white"
        width={{ base: '100%', md: '220px' }}
        flexShrink={0}
        px="3"
        py={{ base: '2', md: '5' }}
      >
        <Flex align="center" justify="space-between" gap="2" px={{ base: '1', md: '2' }} mb={{ base: '0', md: '6' }}>
          <HStack gap="2">
            <LogoMark size={28} />
            <Text fontWeight="semibold" fontSize="16px">
              微豆管理后台
            </Text>
          </HStack>
          <Button
            display={{ base: 'inline-flex', md: 'none' }}
            size="sm"
            variant="outline"
            color="white"
            borderColor="whiteAlpha.400"
            _hover={{ bg: 'whiteAlpha.200' }}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? '收起菜单' : '菜单'}
          </Button>
        </Flex>
        <Box display={{ base: menuOpen ? 'block' : 'none', md: 'block' }} pt={{ base: '2', md: '0' }}>
          {navList}
        </Box>
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          align={{ base: 'flex-start', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          gap="2"
          px={{ base: '4', md: '8' }}
          py="3"
          bg="white"
          borderBottomWidth="1px"
          borderColor="gray.200"
        >
          <Box minW="0">
            <Text fontWeight="semibold" data-testid="staff-name">
              {staff.name}
              <Text as="span" color="gray.500" fontWeight="normal" ms="2" fontSize="13px">
                {staff.login}
              </Text>
            </Text>
            <Text fontSize="13px" color="gray.600">
              角色：{rolesText(staff.roles)}
            </Text>
          </Box>
          <HStack gap="2" flexWrap="wrap">
            <Button size="sm" variant="outline" disabled={signingOut} onClick={onSignOut}>
              退出登录
            </Button>
            <Button size="sm" variant="ghost" disabled={signingOut} onClick={onSignOutEverywhere}>
              退出所有设备
            </Button>
          </HStack>
        </Flex>
        <Box as="main" flex="1" px={{ base: '4', md: '8' }} py={{ base: '4', md: '6' }} minW="0">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}

/** A page the staff member's roles do not open. */
export function NoPermissionView({ title, home }: { title: string; home: string }) {
  return (
    <Stack gap="3" align="flex-start" maxW="520px" py="10" role="alert">
      <Heading size="lg">无权限</Heading>
      <Text color="gray.700">你的角色不能打开「{title}」。如需使用，请联系管理员为你的账号添加相应角色。</Text>
      <Button asChild size="sm" colorPalette="brand">
        <RouterLink to={home}>回到工作台</RouterLink>
      </Button>
    </Stack>
  );
}

/** A console path no page renders. */
export function NotFoundView({ home }: { home: string }) {
  return (
    <Stack gap="3" align="flex-start" py="10">
      <Heading size="lg">页面不存在</Heading>
      <Text color="gray.700">这个地址没有对应的页面。</Text>
      <Button asChild size="sm" colorPalette="brand">
        <RouterLink to={home}>回到工作台</RouterLink>
      </Button>
    </Stack>
  );
}
