import { Box, Flex, Heading, Stack, Text, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { IconBadge } from './IconBadge';

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
  return (
    <Flex gap={compact ? '3.5' : '4'} p="5" borderRadius="xl" layerStyle="tile">
      <IconBadge size={compact ? '42px' : '44px'} iconSize={compact ? '22px' : '24px'} borderRadius="lg">
        {icon}
      </IconBadge>
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

export interface FeatureStackProps extends Omit<StackProps, 'title'> {
  icon: ReactNode;
  title: string;
  text: string;
  /** The title's level on its page. */
  headingAs?: 'h2' | 'h3';
}

/**
 * A brand-coloured icon over a title and a line of text, in a tile or a card given as style props
 * (我们的理念, 我的主页 shortcuts); `children` (a link) go below the text, at the bottom.
 */
export function FeatureStack({ icon, title, text, headingAs = 'h3', children, ...box }: FeatureStackProps) {
  return (
    <Stack gap="2" p="5" {...box}>
      <Box color="brand.600" css={{ '& svg': { width: '28px', height: '28px' } }}>
        {icon}
      </Box>
      <Heading as={headingAs} textStyle="title.card">
        {title}
      </Heading>
      <Text textStyle="body.muted" flex="1">
        {text}
      </Text>
      {children}
    </Stack>
  );
}
