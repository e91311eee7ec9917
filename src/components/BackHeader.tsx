import { Button, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface BackHeaderProps {
  /** Where ‹ goes back to, and its words (‹ 我的主页). */
  back: { to: string; label: string };
  title: ReactNode;
  /** The page's heading (`h1`), or a plain label when the page's content has the heading. */
  heading?: boolean;
  /** What stands at the right end (a count, an action). */
  aside?: ReactNode;
}

/** The row above a detail page of the member area: ‹ back, the page's name, and maybe an aside. */
export function BackHeader({ back, title, heading = false, aside }: BackHeaderProps) {
  const size = { base: '18px', md: '20px' };
  return (
    <Flex align="center" gap="2" pt={{ base: '1', md: '0' }} minW="0">
      <Button asChild size="sm" variant="ghost" px="2" flexShrink={0}>
        <RouterLink to={back.to}>‹ {back.label}</RouterLink>
      </Button>
      {heading ? (
        <Heading as="h1" fontSize={size} color="gray.900" truncate>
          {title}
        </Heading>
      ) : (
        <Text as="span" fontSize={size} fontWeight="semibold" color="gray.900" truncate>
          {title}
        </Text>
      )}
      {aside && (
        <Flex ml="auto" flexShrink={0} align="center">
          {aside}
        </Flex>
      )}
    </Flex>
  );
}
