import { Box, HStack } from '@chakra-ui/react';
import { PRODUCT_NAME } from '../config';

/** The bean mark + product name. `onDark` renders the name in white (over the landing hero). */
export function Logo({ onDark = false, size = 32 }: { onDark?: boolean; size?: number }) {
  return (
    <HStack gap="2" color={onDark ? 'white' : 'ink'}>
      <LogoMark size={size} />
      <Box
        as="span"
        fontWeight="bold"
        fontSize={size >= 32 ? '19px' : '17px'}
        letterSpacing="0.04em"
        whiteSpace="nowrap"
      >
        {PRODUCT_NAME}
      </Box>
    </HStack>
  );
}

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="wd-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fdb474" />
          <stop offset="1" stopColor="#e35d06" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#wd-logo-g)" />
      {/* a bean: two lobes with a seam */}
      <path
        d="M11.2 8.6c3.6-2.3 8.4-1.3 10.7 2.3 1.3 2 1.5 4.3.8 6.4-.5 1.6-.1 3.3 1 4.5.6.7.4 1.8-.4 2.2-3.7 2.3-8.6 1.3-11-2.3-1.3-2-1.5-4.3-.8-6.4.5-1.6.1-3.3-1-4.5-.6-.7-.4-1.8.4-2.2h.3z"
        fill="#fff"
      />
      <path d="M14.2 12.4c1.8-.9 4 .1 4.6 2.2" stroke="#e35d06" strokeWidth="1.6" strokeLinecap="round" fill="none" />
    </svg>
  );
}
