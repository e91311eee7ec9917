import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { EMPTY_STATE_TOP_PADDING } from '../config';

/** The three non-data states every list has (DESIGN §4): empty, loading, error. */

export interface EmptyStateProps {
  title?: string;
  description?: ReactNode;
  /** A call to action, e.g. a link button to the task list. */
  action?: ReactNode;
  icon?: ReactNode;
  /** Top padding in px; the spec's default is 180. */
  paddingTop?: number;
}

export function EmptyState({
  title = '暂无记录',
  description,
  action,
  icon,
  paddingTop = EMPTY_STATE_TOP_PADDING,
}: EmptyStateProps) {
  return (
    <Stack align="center" textAlign="center" gap="3" pt={`${paddingTop}px`} pb="12" px="4" data-testid="empty-state">
      <Box color="brand.300" css={{ '& svg': { width: '56px', height: '56px' } }}>
        {icon ?? <EmptyBox />}
      </Box>
      <Text fontSize="16px" fontWeight="semibold" color="gray.700">
        {title}
      </Text>
      {description && (
        <Text fontSize="14px" color="gray.500" maxW="320px">
          {description}
        </Text>
      )}
      {action && <Box pt="2">{action}</Box>}
    </Stack>
  );
}

export interface LoadingStateProps {
  label?: string;
  /** Top padding in px. */
  paddingTop?: number;
}

export function LoadingState({ label = '加载中…', paddingTop = 120 }: LoadingStateProps) {
  return (
    <Stack align="center" gap="3" pt={`${paddingTop}px`} pb="12" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.500" borderWidth="3px" />
      <Text fontSize="14px" color="gray.500">
        {label}
      </Text>
    </Stack>
  );
}

export interface ErrorStateProps {
  title?: string;
  description?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  paddingTop?: number;
}

export function ErrorState({
  title = '加载失败',
  description = '网络似乎不太稳定，请稍后重试。',
  onRetry,
  retryLabel = '重新加载',
  paddingTop = 120,
}: ErrorStateProps) {
  return (
    <Stack align="center" textAlign="center" gap="3" pt={`${paddingTop}px`} pb="12" px="4" role="alert">
      <Box
        display="flex"
        alignItems="center"
        justifyContent="center"
        width="56px"
        height="56px"
        borderRadius="full"
        bg="red.50"
        color="red.500"
        fontSize="28px"
        fontWeight="bold"
        aria-hidden="true"
      >
        !
      </Box>
      <Text fontSize="16px" fontWeight="semibold" color="gray.700">
        {title}
      </Text>
      {description && (
        <Text fontSize="14px" color="gray.500" maxW="320px">
          {description}
        </Text>
      )}
      {onRetry && (
        <Button mt="2" colorPalette="brand" variant="outline" borderRadius="full" px="6" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </Stack>
  );
}

function EmptyBox() {
  return (
    <svg viewBox="0 0 64 64" fill="none" aria-hidden="true">
      <path
        d="M8 24l24-12 24 12v22L32 58 8 46z"
        fill="#fff7ed"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M8 24l24 12 24-12M32 36v22" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M20 6l4 6M32 3v7M44 6l-4 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
