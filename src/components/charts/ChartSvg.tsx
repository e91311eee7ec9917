import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A chart's SVG: scales with its box up to `maxW`, one image to assistive technology, read by `label`. */
export function ChartSvg({
  width,
  height,
  label,
  maxW,
  children,
}: {
  width: number;
  height: number;
  label: string;
  maxW: string;
  children: ReactNode;
}) {
  return (
    <Box w="full" maxW={maxW} mx="auto">
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={label} style={{ display: 'block' }}>
        {children}
      </svg>
    </Box>
  );
}
