import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** An icon in a tinted square beside a title and a line of text (产品介绍, 商务合作). */
export function FeatureCard({
  icon,
  title,
  text,
  compact = false,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  /** A slightly smaller icon, for three cards a row. */
  compact?: boolean;
}) {
  const iconSize = compact ? '22px' : '24px';
  return (
    <Flex gap={compact ? '3.5' : '4'} p="5" borderRadius="xl" layerStyle="tile">
      <Box
        flexShrink={0}
        display="flex"
        alignItems="center"
        justifyContent="center"
        width={compact ? '42px' : '44px'}
        height={compact ? '42px' : '44px'}
        borderRadius="lg"
        layerStyle="tint.brand"
        css={{ '& svg': { width: iconSize, height: iconSize } }}
      >
        {icon}
      </Box>
      <Box>
        <Heading as="h3" textStyle="title.card">
          {title}
        </Heading>
        <Text mt="1" textStyle="body.muted" lineHeight="1.8">
          {text}
        </Text>
      </Box>
    </Flex>
  );
}
