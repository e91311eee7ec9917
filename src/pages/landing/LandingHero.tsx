import { Box, Button, Center, Container, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRightIcon, CoinIcon, GiftIcon, SurveyIcon } from '../../components/icons';
import { HEADER_HEIGHT } from '../../components/Header';
import { IconBadge } from '../../components/IconBadge';

/** The landing page's first screen: the promise, the two calls to action and the drawn phone with its notifications. */
export function Hero({ registerPath, taskPath }: { registerPath: string; taskPath: string }) {
  return (
    <Box
      position="relative"
      overflow="hidden"
      color="white"
      bgGradient="to-br"
      gradientFrom="#ff9a3c"
      gradientVia="#f9730f"
      gradientTo="#c9480a"
      pt={HEADER_HEIGHT}
    >
      <Decorations />
      <Container maxW="1120px" px={{ base: '5', md: '6' }} position="relative">
        <Flex
          direction={{ base: 'column', lg: 'row' }}
          align={{ base: 'stretch', lg: 'center' }}
          gap={{ base: '10', lg: '16' }}
          pt={{ base: '10', md: '20' }}
          pb={{ base: '12', md: '24' }}
        >
          <Box flex="1.2">
            <Box
              display="inline-flex"
              alignItems="center"
              gap="2"
              px="3"
              py="1"
              borderRadius="full"
              bg="whiteAlpha.300"
              fontSize="13px"
              fontWeight="medium"
            >
              <Box width="6px" height="6px" borderRadius="full" bg="white" />
              在线调研社区 · 注册免费
            </Box>
            <Heading
              as="h1"
              mt="5"
              fontSize={{ base: '34px', md: '52px' }}
              lineHeight="1.2"
              fontWeight="bold"
              letterSpacing="0.02em"
            >
              认真答问卷
              <br />
              轻松赚微豆
            </Heading>
            <Text mt="5" fontSize={{ base: '16px', md: '18px' }} lineHeight="1.9" color="whiteAlpha.900" maxW="32em">
              参与品牌与研究机构的问卷调查、有奖试用和小组讨论，完成任务即得微豆。微豆可兑换现金、虚拟卡券和精选实物。
            </Text>
            <Flex mt="8" gap="3" direction={{ base: 'column', sm: 'row' }}>
              <Button
                asChild
                size="xl"
                borderRadius="full"
                px="8"
                bg="white"
                color="brand.700"
                fontWeight="bold"
                boxShadow="0 8px 24px rgba(120, 40, 0, 0.25)"
                _hover={{ bg: 'brand.50' }}
              >
                <RouterLink to={registerPath}>立即注册赚微豆</RouterLink>
              </Button>
              <Button
                asChild
                size="xl"
                borderRadius="full"
                px="8"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.700"
                borderWidth="1.5px"
                fontWeight="semibold"
                _hover={{ bg: 'whiteAlpha.200' }}
              >
                <RouterLink to={taskPath}>
                  去做任务
                  <ArrowRightIcon />
                </RouterLink>
              </Button>
            </Flex>
            <HStack mt="8" gap={{ base: '4', md: '6' }} flexWrap="wrap" textStyle="body.onBrand">
              {['新人专属任务', '微豆明细可查', '多种奖励可选'].map((t) => (
                <HStack key={t} gap="1.5">
                  <CheckDot />
                  <span>{t}</span>
                </HStack>
              ))}
            </HStack>
          </Box>
          <Box
            flex="1"
            display={{ base: 'none', md: 'block' }}
            maxW={{ md: '460px' }}
            mx={{ md: 'auto', lg: '0' }}
            width="100%"
          >
            <HeroIllustration />
          </Box>
        </Flex>
      </Container>
    </Box>
  );
}

/** An illustration of the flow (a task card and two notifications); no real data. */
function HeroIllustration() {
  return (
    <Box position="relative" aria-hidden="true" pt="4" pb="10">
      <Box bg="white" color="ink" borderRadius="3xl" p="6" boxShadow="0 24px 60px rgba(100, 30, 0, 0.35)">
        <HStack justify="space-between">
          <HStack gap="3">
            <IconBadge size="44px">
              <SurveyIcon />
            </IconBadge>
            <Box>
              <Text fontWeight="bold" fontSize="16px">
                生活方式调查
              </Text>
              <Text textStyle="caption.soft">问卷调查 · 约 10 分钟</Text>
            </Box>
          </HStack>
          <Box px="3" py="1" borderRadius="full" bg="brand.50" color="brand.700" fontSize="13px" fontWeight="semibold">
            示例
          </Box>
        </HStack>
        <Stack mt="5" gap="2.5">
          {[92, 70, 84].map((w, i) => (
            <Box key={i} height="10px" borderRadius="full" bg="gray.100" width={`${w}%`} />
          ))}
        </Stack>
        <Box mt="6" height="8px" borderRadius="full" bg="gray.100" overflow="hidden">
          <Box
            height="100%"
            width="68%"
            borderRadius="full"
            bgGradient="to-r"
            gradientFrom="brand.400"
            gradientTo="brand.600"
          />
        </Box>
        <HStack mt="2" justify="space-between" textStyle="small.soft">
          <span>答题进度</span>
          <span>继续作答</span>
        </HStack>
      </Box>
      <Notification top="-34px" right="-24px" icon={<CoinIcon />} title="微豆已到账" text="任务审核通过" />
      <Notification bottom="0" left="-28px" icon={<GiftIcon />} title="兑换成功" text="话费充值卡已发放" />
    </Box>
  );
}

function Notification({
  icon,
  title,
  text,
  ...position
}: {
  icon: ReactNode;
  title: string;
  text: string;
  top?: string;
  right?: string;
  bottom?: string;
  left?: string;
}) {
  return (
    <HStack
      position="absolute"
      {...position}
      gap="3"
      bg="white"
      color="ink"
      borderRadius="2xl"
      px="4"
      py="3"
      boxShadow="0 14px 40px rgba(100, 30, 0, 0.28)"
    >
      <IconBadge size="36px" tone="green">
        {icon}
      </IconBadge>
      <Box>
        <Text fontSize="14px" fontWeight="bold">
          {title}
        </Text>
        <Text textStyle="small.soft">{text}</Text>
      </Box>
    </HStack>
  );
}

function Decorations() {
  return (
    <Box aria-hidden="true">
      <Box
        position="absolute"
        width="520px"
        height="520px"
        borderRadius="full"
        bg="whiteAlpha.100"
        top="-220px"
        right="-160px"
      />
      {/*
        The circle at the hero's bottom (300 px, its centre 50 px from the left and 10 px above the
        bottom) and the ring (140 px, 24 px wide, its corner at 46% / 42%) are backgrounds, not
        boxes: while the browser paints the hero part-way, they follow its size without counting as
        layout shifts (CLS) — the layer's corner stays put.
      */}
      <Box
        position="absolute"
        inset="0"
        bgImage="radial-gradient(circle at calc(46% + 70px) calc(42% + 70px), transparent 46px, {colors.whiteAlpha.100} 46px, {colors.whiteAlpha.100} 70px, transparent 70px), radial-gradient(circle at 50px calc(100% - 10px), {colors.whiteAlpha.100} 150px, transparent 150px)"
      />
    </Box>
  );
}

function CheckDot() {
  return (
    <Center as="span" inline boxSize="18px" borderRadius="full" bg="whiteAlpha.300">
      <svg width="11" height="11" viewBox="0 0 12 12" aria-hidden="true">
        <path d="M2.5 6.2l2.2 2.2L9.5 3.6" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" />
      </svg>
    </Center>
  );
}
