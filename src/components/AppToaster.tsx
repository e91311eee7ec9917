import { useSyncExternalStore } from 'react';
import { Box, Stack } from '@chakra-ui/react';
import { toast as appToast, type ToastKind, type ToastService } from '../services/toast';

/**
 * Renders the one toast service as a fixed stack: in the middle of the screen on phones (as H5
 * toasts are, so it never covers the header's logo or back arrow), at the top centre on desktops.
 * Plain Chakra style props only (no recipe), so it works with any `createSystem` theme.
 * Timing lives in the service; this component only draws what `list()` holds.
 */
const palette: Record<ToastKind, { bg: string; icon: string }> = {
  info: { bg: 'rgba(30, 64, 120, 0.92)', icon: 'ℹ' },
  success: { bg: 'rgba(22, 120, 64, 0.92)', icon: '✓' },
  warning: { bg: 'rgba(180, 100, 10, 0.94)', icon: '!' },
  error: { bg: 'rgba(190, 36, 36, 0.94)', icon: '✕' },
};

export interface AppToasterProps {
  /** The service to render; the app's singleton by default (stories and tests pass their own). */
  service?: ToastService;
}

export function AppToaster({ service = appToast }: AppToasterProps) {
  const items = useSyncExternalStore(service.subscribe, service.list, service.list);
  if (items.length === 0) return null;
  return (
    <Stack
      position="fixed"
      top={{ base: '50%', md: '24px' }}
      left="50%"
      transform={{ base: 'translate(-50%, -50%)', md: 'translateX(-50%)' }}
      zIndex={2000}
      gap="8px"
      alignItems="center"
      width="max-content"
      maxWidth="calc(100vw - 32px)"
      pointerEvents="none"
      data-testid="app-toaster"
    >
      {items.map((item) => (
        <Box
          key={item.id}
          role={item.kind === 'error' || item.kind === 'warning' ? 'alert' : 'status'}
          aria-live={item.kind === 'error' || item.kind === 'warning' ? 'assertive' : 'polite'}
          data-kind={item.kind}
          display="flex"
          alignItems="center"
          gap="8px"
          px={{ base: '14px', md: '18px' }}
          py="10px"
          maxWidth={{ base: '100%', md: '480px' }}
          borderRadius="8px"
          bg={palette[item.kind].bg}
          color="white"
          fontSize={{ base: '14px', md: '15px' }}
          lineHeight="1.5"
          boxShadow="0 6px 20px rgba(0, 0, 0, 0.18)"
          pointerEvents="auto"
          onClick={() => service.dismiss(item.id)}
        >
          <Box as="span" aria-hidden="true" fontWeight="bold" flexShrink={0}>
            {palette[item.kind].icon}
          </Box>
          <Box as="span" wordBreak="break-word">
            {item.message}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

export default AppToaster;
