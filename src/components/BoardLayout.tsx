import { Box, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BrandCard } from './BrandCard';

export interface BoardLayoutProps {
  title: string;
  /** The line under the title on the brand card. */
  intro: string;
  /** The wide column below the brand card (tabs, the member's own line, the board). */
  children: ReactNode;
  /** The narrow column beside it on desktop, below it on phones. */
  aside: ReactNode;
}

/** The page frame of the boards (/ranking, /appraise): a brand card and a wide column, a side column beside. */
export function BoardLayout({ title, intro, children, aside }: BoardLayoutProps) {
  return (
    <Box bg="gray.50">
      <Box maxW="1200px" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }}>
        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
          gap={{ base: '4', md: '6' }}
          alignItems="start"
        >
          <Stack gap={{ base: '3', md: '4' }} minW="0">
            <BrandCard>
              <Heading as="h1" fontSize={{ base: '20px', md: '24px' }} lineHeight="1.4">
                {title}
              </Heading>
              <Text mt="1" textStyle="body.onBrand">
                {intro}
              </Text>
            </BrandCard>
            {children}
          </Stack>
          {aside}
        </Grid>
      </Box>
    </Box>
  );
}
