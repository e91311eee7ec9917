import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import { CheckinCard, type CheckinCardProps } from '../../components/CheckinCard';
import { CoinIcon, GiftIcon, SurveyIcon } from '../../components/icons';

export interface HomeViewProps {
  nickname?: string | null;
  avatar?: string | null;
  /** The points summary and daily check-in (machines/checkin.ts); the card is left out without it. */
  checkin?: CheckinCardProps;
}

const SHORTCUTS: { icon: ReactNode; title: string; text: string; to: string; cta: string }[] = [
  { icon: <SurveyIcon />, title: '做任务', text: '看看有哪些适合你的问卷和任务', to: '/task', cta: '去做任务' },
  { icon: <CoinIcon />, title: '微豆明细', text: '查看每一笔微豆的收入与支出', to: '/home/gold', cta: '查看明细' },
  { icon: <GiftIcon />, title: '兑换奖励', text: '用微豆兑换现金、卡券和实物', to: '/exchange', cta: '去兑换' },
];

/** `/home` 我的主页: greets the member, then the points summary and daily check-in, then shortcuts. */
export function HomeView({ nickname, avatar, checkin }: HomeViewProps) {
  const name = nickname?.trim() || '微豆会员';
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <Flex
        align="center"
        gap="4"
        p={{ base: '5', md: '7' }}
        borderRadius="2xl"
        color="white"
        bgGradient="to-br"
        gradientFrom="brand.400"
        gradientTo="brand.600"
      >
        <Box borderRadius="full" borderWidth="3px" borderColor="whiteAlpha.600">
          <Avatar src={avatar} name={name} size={56} />
        </Box>
        <Box minW="0">
          <Heading
            as="h1"
            fontSize={{ base: '20px', md: '24px' }}
            lineHeight="1.4"
            overflow="hidden"
            textOverflow="ellipsis"
          >
            你好，{name}
          </Heading>
          <Text mt="1" fontSize="14px" color="whiteAlpha.900">
            欢迎回到我的主页，认真完成每个任务，微豆会越攒越多。
          </Text>
        </Box>
      </Flex>
      {checkin && <CheckinCard {...checkin} />}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap={{ base: '3', md: '4' }}>
        {SHORTCUTS.map((s) => (
          <Stack key={s.title} gap="2" p="5" bg="white" borderRadius="xl" boxShadow="0 1px 3px rgba(15, 23, 42, 0.06)">
            <Box color="brand.600" css={{ '& svg': { width: '28px', height: '28px' } }}>
              {s.icon}
            </Box>
            <Heading as="h2" fontSize="16px" color="ink">
              {s.title}
            </Heading>
            <Text fontSize="14px" color="gray.600" flex="1">
              {s.text}
            </Text>
            <Button
              asChild
              size="sm"
              variant="outline"
              colorPalette="brand"
              borderRadius="full"
              alignSelf="flex-start"
              mt="1"
            >
              <RouterLink to={s.to}>{s.cta}</RouterLink>
            </Button>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
