import { Box, type BoxProps } from '@chakra-ui/react';

/** The white card with a faint shadow that holds a page's panels and lists (卡券、权益、任务汇总 …). */
export function WhiteCard(props: BoxProps) {
  return <Box layerStyle="card" {...props} />;
}
