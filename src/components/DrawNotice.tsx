import { Box, Button, Flex, Text, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The box a draw's answer is told in (a result, a refusal), under the draw button. */
export function DrawNotice(props: BoxProps & { role: 'status' | 'alert' }) {
  return <Box borderRadius="lg" px="4" py="3" textAlign="center" {...props} />;
}

/** A draw whose answer did not arrive: retrying is safe (the request key makes it count once). */
export function DrawNetworkError({
  note,
  palette,
  onRetry,
  close,
}: {
  note: string;
  palette: string;
  onRetry: () => void;
  close: ReactNode;
}) {
  return (
    <DrawNotice role="alert" bg="orange.50">
      <Text fontWeight="semibold" color="orange.800">
        网络不稳定，没有收到抽奖结果
      </Text>
      <Text mt="1" textStyle="caption.muted">
        {note}
      </Text>
      <Flex mt="2" gap="2" justify="center">
        <Button size="sm" colorPalette={palette} onClick={onRetry}>
          重试
        </Button>
        {close}
      </Flex>
    </DrawNotice>
  );
}
