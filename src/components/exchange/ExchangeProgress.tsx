import { Box, Circle, Flex, Text } from '@chakra-ui/react';
import type { ExchangeStateValue } from './format';

/**
 * 提交 → 审核 → 发放 as three steps; a refunded exchange ends red at the step it stopped.
 */
const STEPS = ['提交兑换', '审核', '发放'] as const;

function stepOf(state: ExchangeStateValue): { done: number; failedAt: number | null } {
  switch (state) {
    case 0:
      return { done: 1, failedAt: null };
    case 2:
      return { done: 2, failedAt: null };
    case 1:
      return { done: 3, failedAt: null };
    case 4:
      return { done: 1, failedAt: 1 };
    case 3:
      return { done: 1, failedAt: 1 };
    case 5:
      return { done: 2, failedAt: 2 };
  }
}

export function ExchangeProgress({ state }: { state: ExchangeStateValue }) {
  const { done, failedAt } = stepOf(state);
  return (
    <Flex as="ol" listStyleType="none" m="0" p="0" aria-label="兑换进度" data-testid="exchange-progress">
      {STEPS.map((label, i) => {
        const failed = failedAt === i;
        const reached = i < done || failed;
        const current = failedAt === null && i === done - 1;
        // The step being worked on now (审核中 / 发放中): outlined in the brand colour.
        const next = failedAt === null && i === done;
        const color = failed ? 'red.500' : reached || next ? 'brand.500' : 'gray.300';
        return (
          <Flex
            as="li"
            key={label}
            flex="1"
            direction="column"
            align="center"
            position="relative"
            aria-current={current ? 'step' : undefined}
          >
            {i > 0 && (
              <Box
                position="absolute"
                top="11px"
                right="50%"
                w="100%"
                h="2px"
                bg={reached ? color : 'gray.200'}
                zIndex={0}
              />
            )}
            <Circle
              zIndex={1}
              size="24px"
              bg={reached ? color : 'white'}
              borderWidth="2px"
              borderColor={color}
              color="white"
              fontSize="12px"
              fontWeight="bold"
            >
              {failed ? '×' : reached ? '✓' : ''}
            </Circle>
            <Text
              mt="1.5"
              fontSize="12px"
              color={failed ? 'red.600' : reached ? 'gray.800' : next ? 'brand.600' : 'gray.500'}
              fontWeight={next ? 'semibold' : 'normal'}
            >
              {failed ? (state === 3 ? '已撤销' : state === 4 ? '已驳回' : '发放失败') : next ? `${label}中` : label}
            </Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
