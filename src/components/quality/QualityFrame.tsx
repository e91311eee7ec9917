import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The answer-quality pages' frame (/efficient…, outside the /home sidebar): grey backdrop, a centred column. */
export function QualityFrame({ children }: { children: ReactNode }) {
  return (
    <Box bg="gray.50" minH="70vh" pb={{ base: '8', md: '12' }}>
      <Box maxW="880px" mx="auto" px={{ base: '4', md: '6' }} pt={{ base: '4', md: '8' }}>
        {children}
      </Box>
    </Box>
  );
}
