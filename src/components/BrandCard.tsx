import { Box, type BoxProps } from '@chakra-ui/react';

/** The orange gradient card at the top of a balance or rewards page (微豆明细, 兑换中心, 邀请好友 …). */
export function BrandCard(props: BoxProps) {
  return (
    <Box
      p={{ base: '5', md: '7' }}
      borderRadius="2xl"
      color="white"
      bgGradient="to-br"
      gradientFrom="brand.400"
      gradientTo="brand.600"
      {...props}
    />
  );
}
