import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CoinIcon, GiftIcon, SurveyIcon } from '../icons';
import { Logo } from '../Logo';
import { AuthLink } from './formParts';

/**
 * The frame of every account screen (login, register, forgot password, social bind, invite):
 * on desktop a card with the brand panel on the left and the form on the right; on a phone
 * just the form on white, full width.
 */
export interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the form, the way to the other account page: "已有账号？" + 立即登录 → /login. */
  footer?: { text: string; link: string; to: string };
  /** Hide the brand panel (e.g. narrow result screens). */
  plain?: boolean;
  /**
   * The operator's pictures for this screen (the login banners): in the brand panel instead of
   * its perks (`panel`, desktop), or above the title (`top`, phones, which have no panel).
   */
  promo?: { node: ReactNode; at: 'panel' | 'top' };
}

const PERKS: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <SurveyIcon />, title: '海量调研任务', text: '问卷、试用、座谈会，每天都有新任务' },
  { icon: <CoinIcon />, title: '完成即得微豆', text: '每一份认真作答都有回报' },
  { icon: <GiftIcon />, title: '微豆兑好礼', text: '现金、话费卡券、实物礼品随心换' },
];

export function AuthCard({ title, subtitle, children, footer, plain = false, promo }: AuthCardProps) {
  return (
    <Flex
      justify="center"
      align={{ base: 'stretch', md: 'center' }}
      minH={{ base: 'auto', md: 'calc(100vh - 64px)' }}
      px={{ base: '0', md: '6' }}
      py={{ base: '0', md: '12' }}
      bg={{ base: 'white', md: 'brand.50' }}
      bgGradient={{ md: 'to-br' }}
      gradientFrom={{ md: 'brand.50' }}
      gradientTo={{ md: 'orange.100' }}
    >
      <Flex
        width="100%"
        maxW={plain ? '520px' : '960px'}
        bg="white"
        borderRadius={{ base: '0', md: '2xl' }}
        boxShadow={{ base: 'none', md: '0 20px 60px rgba(227, 93, 6, 0.12), 0 2px 8px rgba(15, 23, 42, 0.06)' }}
        overflow="hidden"
      >
        {!plain && <BrandPanel promo={promo?.at === 'panel' ? promo.node : undefined} />}
        <Box
          flex="1"
          minW="0"
          px={{ base: '5', sm: '8', md: '12' }}
          pt={{ base: '6', md: '10' }}
          pb={{ base: '8', md: '10' }}
        >
          {promo?.at === 'top' && <Box mb="5">{promo.node}</Box>}
          <Stack gap="1" mb={{ base: '5', md: '6' }}>
            <Heading as="h1" fontSize={{ base: '22px', md: '24px' }} lineHeight="1.4" color="ink">
              {title}
            </Heading>
            {subtitle && (
              <Text fontSize="14px" color="gray.500">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
          {footer && (
            <Box mt="6" fontSize="14px" color="gray.600" textAlign="center">
              {footer.text}
              <AuthLink to={footer.to}>{footer.link}</AuthLink>
            </Box>
          )}
        </Box>
      </Flex>
    </Flex>
  );
}

function BrandPanel({ promo }: { promo?: ReactNode }) {
  return (
    <Box
      display={{ base: 'none', md: 'flex' }}
      flexDirection="column"
      justifyContent="space-between"
      width="380px"
      flexShrink={0}
      position="relative"
      overflow="hidden"
      px="10"
      py="10"
      color="white"
      bgGradient="to-br"
      gradientFrom="brand.400"
      gradientTo="brand.700"
    >
      <Box
        position="absolute"
        width="320px"
        height="320px"
        borderRadius="full"
        bg="whiteAlpha.100"
        top="-120px"
        right="-140px"
        aria-hidden="true"
      />
      <Box
        position="absolute"
        width="220px"
        height="220px"
        borderRadius="full"
        bg="whiteAlpha.100"
        bottom="-80px"
        left="-90px"
        aria-hidden="true"
      />
      <Box position="relative">
        <Logo onDark size={34} />
        <Heading as="p" mt="10" fontSize="26px" lineHeight="1.5" fontWeight="bold">
          认真说出你的想法
          <br />
          每一份意见都有回报
        </Heading>
      </Box>
      {promo ? (
        <Box position="relative" mt="8" borderRadius="xl" boxShadow="0 12px 32px rgba(90, 30, 0, 0.35)">
          {promo}
        </Box>
      ) : (
        <Perks />
      )}
    </Box>
  );
}

function Perks() {
  return (
    <Stack position="relative" gap="5" mt="10">
      {PERKS.map((p) => (
        <Flex key={p.title} gap="3" align="flex-start">
          <Flex
            flexShrink={0}
            align="center"
            justify="center"
            width="40px"
            height="40px"
            borderRadius="xl"
            bg="whiteAlpha.200"
            css={{ '& svg': { width: '22px', height: '22px' } }}
          >
            {p.icon}
          </Flex>
          <Box>
            <Text fontWeight="semibold" fontSize="15px">
              {p.title}
            </Text>
            <Text fontSize="13px" color="whiteAlpha.800">
              {p.text}
            </Text>
          </Box>
        </Flex>
      ))}
    </Stack>
  );
}
