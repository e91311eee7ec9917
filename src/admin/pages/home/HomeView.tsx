import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/ListStates';
import { waited } from '../../app/waited';

export interface HomeQueue {
  key: string;
  title: string;
  count: number;
  oldestAt: number | null;
  /** The queue's page, or null while that page is not built. */
  link: string | null;
}

export interface HomeViewProps {
  name: string;
  status: 'loading' | 'ready' | 'error';
  queues: HomeQueue[];
  error: string | null;
  now: number;
  onRetry: () => void;
}

/** 工作台: the queues this staff member's roles work on, with counts and the longest wait. */
export function HomeView({ name, status, queues, error, now, onRetry }: HomeViewProps) {
  return (
    <Stack gap="5">
      <Box>
        <Heading as="h1" size="xl">
          工作台
        </Heading>
        <Text color="gray.600" mt="1">
          {name}，你好。以下是你的角色待处理的事项。
        </Text>
      </Box>
      {status === 'loading' ? (
        <LoadingState paddingTop={40} />
      ) : status === 'error' ? (
        <ErrorState title="工作台暂时无法加载" description={error ?? undefined} onRetry={onRetry} paddingTop={40} />
      ) : queues.length === 0 ? (
        <Text color="gray.600" py="6">
          暂无待处理的队列。
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {queues.map((q) => (
            <Stack
              key={q.key}
              gap="2"
              p="4"
              bg="white"
              borderRadius="lg"
              borderWidth="1px"
              borderColor="gray.200"
              data-testid="queue"
            >
              <Text fontWeight="semibold">{q.title}</Text>
              <Text fontSize="28px" fontWeight="bold" lineHeight="1.1">
                {q.count}
                <Text as="span" fontSize="14px" fontWeight="normal" color="gray.600" ms="1">
                  件待处理
                </Text>
              </Text>
              <Text fontSize="13px" color="gray.600">
                {q.oldestAt !== null && q.count > 0 ? `最久已等待 ${waited(q.oldestAt, now)}` : '没有等待中的事项'}
              </Text>
              {q.link && (
                <Button asChild size="sm" variant="outline" alignSelf="flex-start">
                  <RouterLink to={q.link}>去处理</RouterLink>
                </Button>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
