import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ChevronRightIcon } from './icons';

export interface LinkRowProps {
  to: string;
  /** What the row says, side by side (a title that takes the room, a count, a badge); a › follows. */
  children: ReactNode;
  /** Vertical padding (a Chakra space token). */
  py?: string;
  /** No hairline under the last row (when nothing follows the list inside its card). */
  closed?: boolean;
  /** On the link. */
  testId?: string;
}

/** One row of a list that leads to a page: an `li` with a hairline, the whole row a link, a › at its end. */
export function LinkRow({ to, children, py = '4', closed = false, testId }: LinkRowProps) {
  return (
    <Box as="li" layerStyle="hairline.bottom" _last={closed ? { borderBottomWidth: 0 } : undefined}>
      <Flex
        asChild
        align="center"
        gap="3"
        px={{ base: '4', md: '6' }}
        py={py}
        _hover={{ bg: 'gray.50' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' }}
        data-testid={testId}
      >
        <RouterLink to={to}>
          {children}
          <Box color="gray.400" flexShrink={0} aria-hidden="true" css={{ '& svg': { width: '16px', height: '16px' } }}>
            <ChevronRightIcon />
          </Box>
        </RouterLink>
      </Flex>
    </Box>
  );
}
