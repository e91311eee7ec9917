import { Box, type BoxProps } from '@chakra-ui/react';

/** The box a draw's answer is told in (a result, a refusal), under the draw button. */
export function DrawNotice(props: BoxProps & { role: 'status' | 'alert' }) {
  return <Box borderRadius="lg" px="4" py="3" textAlign="center" {...props} />;
}
