import { Box, Flex } from '@chakra-ui/react';
import type { Decorator } from '@storybook/react-vite';
import { Sidebar } from '../src/components/Sidebar';

/** What the stories of every folder share: the viewports they render in and the /home layout. */

export const phone = { globals: { viewport: { value: 'phone' } } } as const;
export const desktop = { globals: { viewport: { value: 'desktop' } } } as const;

/** The /home layout around a view: sidebar on desktop, tabs on phones. */
const homeArea =
  (activePath: string): Decorator =>
  (Story) => (
    <Box bg="gray.50" px={{ base: '4', md: '6' }} py={{ base: '0', md: '6' }} minH="100vh">
      <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '6' }}>
        <Sidebar activePath={activePath} />
        <Box flex="1" minW="0" pb="6">
          <Story />
        </Box>
      </Flex>
    </Box>
  );

/** Meta of a view under /home: its route, shown in the /home layout with that entry current. */
export const homePage = (route: string) => ({ parameters: { route }, decorators: [homeArea(route)] });

/** A page on the light grey backdrop the poll pages use. */
export const greyPage: Decorator = (Story) => (
  <Box bg="gray.50" minH="100%">
    <Story />
  </Box>
);
