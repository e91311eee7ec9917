import { Box, type BoxProps } from '@chakra-ui/react';

/** The white card with a faint shadow that holds a page's panels and lists (卡券、权益、任务汇总 …). */
export function WhiteCard(props: BoxProps) {
  return <Box bg="white" borderRadius="xl" boxShadow="0 1px 3px rgba(15, 23, 42, 0.06)" {...props} />;
}
