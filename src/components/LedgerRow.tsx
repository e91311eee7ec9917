import { Box, Flex, Text, type FlexProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ListRow } from './ListStates';

export interface LedgerRowProps extends Omit<FlexProps, 'title'> {
  /** What the entry is (任务奖励, 领取权益 …). */
  title: string;
  /** Beside the title (待入账); given at all (even `false`), the title sits in a row with it. */
  badge?: ReactNode;
  /** Where it came from or went to: one line, cut with an ellipsis. */
  detail: string;
  /** When, and whatever follows the time (the balance after it). */
  time: string;
  /** The signed amount on the right. */
  change: string;
  changeColor: string;
  /** Before the text (the invited friend's avatar). */
  leading?: ReactNode;
}

/** One entry of a points or credit history (微豆明细, 权益值明细): what, from where, when, and the change. */
export function LedgerRow({ title, badge, detail, time, change, changeColor, leading, ...row }: LedgerRowProps) {
  const heading = (
    <Text fontSize="15px" fontWeight="medium" color="gray.800">
      {title}
    </Text>
  );
  return (
    <ListRow align="center" {...row}>
      {leading}
      <Box flex="1" minW="0">
        {badge !== undefined ? (
          <Flex align="center" gap="2">
            {heading}
            {badge}
          </Flex>
        ) : (
          heading
        )}
        <Text mt="1" textStyle="caption.soft" truncate>
          {detail}
        </Text>
        <Text mt="1" textStyle="small.faint">
          {time}
        </Text>
      </Box>
      <Text fontSize="17px" fontWeight="semibold" color={changeColor} flexShrink={0}>
        {change}
      </Text>
    </ListRow>
  );
}
