import { Box } from '@chakra-ui/react';
import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code of `value`, drawn as one SVG path from the `qrcode` package's module matrix:
 * synchronous, no canvas (so it renders the same in the browser, in Storybook and in jsdom).
 */
export function QrCodeImage({ value, size = 180, label }: { value: string; size?: number; label: string }) {
  const { d, count } = useMemo(() => {
    const qr = create(value, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let path = '';
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        if (qr.modules.get(y, x)) path += `M${x + 2} ${y + 2}h1v1h-1z`;
      }
    }
    return { d: path, count: n + 4 };
  }, [value]);
  return (
    <Box as="span" display="inline-block" lineHeight="0" data-testid="qr-image" data-value={value}>
      <svg
        role="img"
        aria-label={label}
        width={size}
        height={size}
        viewBox={`0 0 ${count} ${count}`}
        shapeRendering="crispEdges"
      >
        <rect width={count} height={count} fill="#fff" />
        <path d={d} fill="#1f2329" />
      </svg>
    </Box>
  );
}
