import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from './shanghaiTime';

/** One step of a record's history: what changed, who did it, why, when. */
export interface TimelineItem {
  title: string;
  /** Who made the step (你、运营人员、客服、系统). */
  by: string;
  reason?: string | null;
  at: number;
  /** The colour palette of the newest step's dot (`green`, `orange` …). */
  palette: string;
}

/** A record's history, newest first (an exchange's, a feedback ticket's). */
export function Timeline({ items, label }: { items: TimelineItem[]; label: string }) {
  const newestFirst = [...items].reverse();
  return (
    <Stack as="ol" gap="0" listStyleType="none" m="0" p="0" aria-label={label}>
      {newestFirst.map((h, i) => (
        <Flex as="li" key={`${h.at}-${i}`} gap="3" data-testid="history-item">
          <Flex direction="column" align="center" pt="1.5">
            <Box w="10px" h="10px" borderRadius="full" bg={i === 0 ? `${h.palette}.500` : 'gray.300'} flexShrink={0} />
            {i < newestFirst.length - 1 && <Box w="2px" flex="1" bg="gray.200" my="1" />}
          </Flex>
          <Box pb="4" minW="0">
            <Text fontSize="14px" fontWeight={i === 0 ? 'semibold' : 'medium'} color="gray.800">
              {h.title}
              <Text as="span" ml="2" textStyle="small.soft" fontWeight="normal">
                {h.by}
              </Text>
            </Text>
            {h.reason && (
              <Text textStyle="caption.muted" mt="0.5">
                {h.reason}
              </Text>
            )}
            <Text textStyle="small.faint" mt="0.5">
              {formatDateTime(h.at)}
            </Text>
          </Box>
        </Flex>
      ))}
    </Stack>
  );
}
