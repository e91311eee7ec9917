import { Box, Code as CodeText, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * What only someone re-computing a draw by hand needs (the lucky wheel, the seasonal campaigns,
 * the prize trials): behind a closed <details>, one tap further than the plain words.
 */

/** A closed 技术细节 section: what only someone re-computing by hand needs. */
export function TechDetails({ summary = '技术细节', children }: { summary?: string; children: ReactNode }) {
  return (
    <Box as="details" fontSize="12px" color="gray.600">
      <Box as="summary" cursor="pointer" color="brand.700" width="fit-content">
        {summary}
      </Box>
      <Stack gap="1.5" mt="2">
        {children}
      </Stack>
    </Box>
  );
}

/** One long value (a hash, a seed) on its own wrapping line. */
export function ProofLine({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text textStyle="caption.muted">{label}</Text>
      <CodeText display="block" fontSize="11px" wordBreak="break-all" whiteSpace="normal" bg="gray.50" px="2" py="1">
        {value}
      </CodeText>
    </Box>
  );
}
