import { SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A list of cards in a grid of one, two or three columns (推荐任务, the benefits catalogue); children are `li`s. */
export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid
      as="ul"
      columns={{ base: 1, sm: 2, lg: 3 }}
      gap={{ base: '3', md: '4' }}
      listStyleType="none"
      m="0"
      p="0"
    >
      {children}
    </SimpleGrid>
  );
}
