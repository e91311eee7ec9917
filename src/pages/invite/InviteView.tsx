import { Box, Button, Flex, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import { CoinIcon, GiftIcon, SurveyIcon } from '../../components/icons';
import { Logo } from '../../components/Logo';
import { IconBadge } from '../../components/IconBadge';
import { LOGIN_PATH } from '../../routing/paths';

export type InviteStatus = 'loading' | 'valid' | 'invalid';

export interface InviteViewProps {
  status: InviteStatus;
  /** Masked nickname of the inviter, e.g. 小橙**. */
  inviterName?: string | null;
  inviterAvatar?: string | null;
  /** Weidou the new member gets after registering and finishing a first task. */
  rewardPoints?: number | null;
  /** valid: /register?invite=<code>; invalid: /register. */
  registerPath: string;
  loginHref?: string;
  /** Show the logo on top (the bare H5 route /app/invite has no site header). */
  showBrand?: boolean;
}

const BENEFITS: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <SurveyIcon />, title: '每天都有新任务', text: '问卷调研、产品试用、座谈会，时间灵活' },
  { icon: <CoinIcon />, title: '完成即得微豆', text: '认真作答就有回报，微豆实时到账' },
  { icon: <GiftIcon />, title: '微豆兑换好礼', text: '现金、话费卡券、实物礼品随心换' },
];

/** `/invite` and `/app/invite`: the landing page of an invite link. */
export function InviteView({
  status,
  inviterName,
  inviterAvatar,
  rewardPoints,
  registerPath,
  loginHref = LOGIN_PATH,
  showBrand = false,
}: InviteViewProps) {
  return (
    <Box bg="white" pb={{ base: '10', md: '16' }}>
      <Box
        bgGradient="to-b"
        gradientFrom="brand.500"
        gradientTo="brand.400"
        color="white"
        px="5"
        pt={{ base: '8', md: '14' }}
        pb={{ base: '20', md: '24' }}
        textAlign="center"
      >
        {showBrand && (
          <Flex justify="center" mt={{ base: '-2', md: '-6' }} mb={{ base: '6', md: '8' }}>
            <Logo onDark size={28} />
          </Flex>
        )}
        {status === 'loading' ? (
          <Stack align="center" gap="3" py="6" role="status" aria-live="polite">
            <Spinner size="lg" color="white" borderWidth="3px" />
            <Text textStyle="body.onBrand">正在读取邀请信息…</Text>
          </Stack>
        ) : status === 'valid' ? (
          <Stack align="center" gap="3">
            <Box borderRadius="full" borderWidth="3px" borderColor="whiteAlpha.700">
              <Avatar src={inviterAvatar} name={inviterName} size={64} />
            </Box>
            <Heading as="h1" fontSize={{ base: '22px', md: '28px' }} lineHeight="1.4">
              {inviterName || '你的好友'} 邀请你加入微豆调研
            </Heading>
            <Text fontSize={{ base: '14px', md: '16px' }} color="whiteAlpha.900">
              {rewardPoints
                ? `注册并完成首个任务，即得 ${rewardPoints} 微豆新人奖励`
                : '注册即可领取新人任务，做问卷赚微豆'}
            </Text>
          </Stack>
        ) : (
          <Stack align="center" gap="3">
            <Heading as="h1" fontSize={{ base: '22px', md: '28px' }} lineHeight="1.4">
              邀请链接无效或已过期
            </Heading>
            <Text fontSize={{ base: '14px', md: '16px' }} color="whiteAlpha.900" maxW="420px">
              没关系，你仍然可以直接注册微豆调研，做问卷赚微豆。
            </Text>
          </Stack>
        )}
      </Box>

      <Box maxW="720px" mx="auto" px="4" mt={{ base: '-14', md: '-16' }}>
        <Stack
          bg="white"
          borderRadius="2xl"
          boxShadow="0 12px 40px rgba(227, 93, 6, 0.12)"
          p={{ base: '5', md: '8' }}
          gap="6"
        >
          <Text fontWeight="semibold" textStyle="title.card" textAlign="center">
            加入微豆调研，你可以
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            {BENEFITS.map((b) => (
              <Flex
                key={b.title}
                direction={{ base: 'row', sm: 'column' }}
                align={{ base: 'flex-start', sm: 'center' }}
                textAlign={{ base: 'left', sm: 'center' }}
                gap="3"
              >
                <IconBadge size="44px" iconSize="24px">
                  {b.icon}
                </IconBadge>
                <Box>
                  <Text fontSize="15px" fontWeight="semibold" color="ink">
                    {b.title}
                  </Text>
                  <Text textStyle="caption.soft" mt="0.5">
                    {b.text}
                  </Text>
                </Box>
              </Flex>
            ))}
          </SimpleGrid>
          <Stack gap="3">
            {status === 'loading' ? (
              <Button
                height="50px"
                borderRadius="full"
                colorPalette="brand"
                fontSize="17px"
                fontWeight="semibold"
                disabled
              >
                立即注册
              </Button>
            ) : (
              <Button
                asChild
                height="50px"
                borderRadius="full"
                colorPalette="brand"
                fontSize="17px"
                fontWeight="semibold"
              >
                <RouterLink to={registerPath}>{status === 'valid' ? '立即注册' : '注册'}</RouterLink>
              </Button>
            )}
            <Text textStyle="body.soft" textAlign="center">
              已有账号？
              <Box as="span" color="brand.600" fontWeight="medium">
                <RouterLink to={loginHref}>直接登录</RouterLink>
              </Box>
            </Text>
          </Stack>
        </Stack>
      </Box>
    </Box>
  );
}
