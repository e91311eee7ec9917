import { Box, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { formatDateTime } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';
import type { PrizeTrialData } from '../../flows/prize';
import { Cover, PhaseBadge } from './parts';

export interface PrizeListViewProps {
  status: 'loading' | 'error' | 'ready';
  items: PrizeTrialData[];
  error?: string | null;
  onRetry?: () => void;
  /** A trial's page: its details and application. */
  detailPath: (id: number) => string;
}

/** `/prize` 产品试用: the trials open to apply and the latest drawn ones. */
export function PrizeListView(props: PrizeListViewProps) {
  return (
    <Box bg="gray.50" pb={{ base: '8', md: '14' }} minH="60vh">
      <Box bgGradient="to-br" gradientFrom="brand.500" gradientTo="brand.700" color="white">
        <Container maxW="1040px" px={{ base: '5', md: '6' }} py={{ base: '8', md: '12' }}>
          <Heading as="h1" fontSize={{ base: '26px', md: '34px' }}>
            产品试用
          </Heading>
          <Text mt="2" fontSize={{ base: '15px', md: '16px' }} color="whiteAlpha.900" lineHeight="1.8">
            免费申请新品试用，截止后公开抽签：种子提前公布，结果人人可复核。
          </Text>
        </Container>
      </Box>
      <Container maxW="1040px" px={{ base: '4', md: '6' }} mt="6">
        {props.status === 'loading' ? (
          <LoadingState />
        ) : props.status === 'error' ? (
          <ErrorState description={props.error ?? undefined} onRetry={props.onRetry} />
        ) : props.items.length === 0 ? (
          <EmptyState title="暂时没有试用活动" description="新的试用上线后会在这里公布，敬请关注。" />
        ) : (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '3', md: '5' }}>
            {props.items.map((t) => (
              <li key={t.id}>
                <WhiteCard asChild p="4" display="block" _hover={{ shadow: 'md' }} height="full">
                  <RouterLink to={props.detailPath(t.id)} aria-label={t.title}>
                    <Flex direction={{ base: 'row', md: 'column' }} gap="4">
                      <Cover src={t.images[0]} alt="" width={{ base: '96px', md: 'full' }} />
                      <Stack gap="1.5" minW="0" flex="1">
                        <Flex gap="2" align="center">
                          <PhaseBadge phase={t.phase} />
                          <Text fontSize="13px" color="gray.500">
                            {t.units} 份
                          </Text>
                        </Flex>
                        <Text fontWeight="semibold" fontSize="16px" color="gray.900" lineClamp={2}>
                          {t.title}
                        </Text>
                        <Text fontSize="13px" color="gray.600">
                          {t.applicants} 人已申请 · 答题质量{t.minQualityLabel}
                          {t.region ? ` · 仅限${t.region}` : ''}
                        </Text>
                        <Text fontSize="13px" color="gray.500">
                          {t.phase === 'upcoming'
                            ? `${formatDateTime(t.opensAt)} 开始申请`
                            : `${formatDateTime(t.closesAt)} 截止`}
                        </Text>
                      </Stack>
                    </Flex>
                  </RouterLink>
                </WhiteCard>
              </li>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </Box>
  );
}
