import { Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A centred status (in progress, done, refused) with an optional action, for account result screens. */
export interface AuthStatusProps {
  tone: 'busy' | 'success' | 'warning' | 'error';
  title: ReactNode;
  text?: ReactNode;
  /** A link action (e.g. 返回登录). */
  action?: { label: string; to: string } | { label: string; onClick: () => void };
  secondary?: { label: string; to: string } | { label: string; onClick: () => void };
}

const TONE = {
  success: { bg: 'green.50', color: 'green.500' },
  warning: { bg: 'orange.50', color: 'orange.500' },
  error: { bg: 'red.50', color: 'red.500' },
} as const;

export function AuthStatus({ tone, title, text, action, secondary }: AuthStatusProps) {
  return (
    <Stack
      align="center"
      textAlign="center"
      gap="3"
      py="6"
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live="polite"
    >
      {tone === 'busy' ? (
        <Flex width="64px" height="64px" align="center" justify="center">
          <Spinner size="xl" color="brand.500" borderWidth="3px" />
        </Flex>
      ) : (
        <IconBadge size="64px" icon={32} stroke={2.2} bg={TONE[tone].bg} color={TONE[tone].color}>
          <StatusIcon tone={tone} />
        </IconBadge>
      )}
      <Text fontSize="18px" fontWeight="semibold" color="ink" mt="1">
        {title}
      </Text>
      {text && (
        <Text fontSize="14px" color="gray.500" maxW="340px">
          {text}
        </Text>
      )}
      {(action || secondary) && (
        <Stack width="100%" gap="2" mt="4">
          {action && <ActionButton {...action} solid />}
          {secondary && <ActionButton {...secondary} />}
        </Stack>
      )}
    </Stack>
  );
}

/** The full-width round action of an account result (a link when it has `to`); outlined unless `solid`. */
export function ActionButton(
  props: ({ label: string; to: string } | { label: string; onClick: () => void }) & { solid?: boolean },
) {
  const style = {
    width: '100%',
    height: '48px',
    borderRadius: 'full',
    colorPalette: props.solid ? 'brand' : 'gray',
    variant: props.solid ? ('solid' as const) : ('outline' as const),
    fontSize: '16px',
    fontWeight: 'semibold',
  };
  if ('to' in props) {
    return (
      <Button asChild {...style}>
        <RouterLink to={props.to} replace>
          {props.label}
        </RouterLink>
      </Button>
    );
  }
  return (
    <Button {...style} onClick={props.onClick}>
      {props.label}
    </Button>
  );
}

/** The tick of a done state, drawn in an {@link IconBadge}. */
export function Tick() {
  return <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />;
}

/** A round coloured badge holding an outline icon drawn on a 24-unit grid (account results, the QR panel). */
export function IconBadge({
  size,
  icon,
  stroke,
  bg,
  color,
  children,
}: {
  /** The circle's side, e.g. `64px`. */
  size: string;
  /** The icon's side in px. */
  icon: number;
  stroke: number;
  bg: string;
  color: string;
  /** The icon's paths. */
  children: ReactNode;
}) {
  return (
    <Flex align="center" justify="center" width={size} height={size} borderRadius="full" bg={bg} color={color}>
      <svg
        width={icon}
        height={icon}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={stroke}
        aria-hidden="true"
      >
        {children}
      </svg>
    </Flex>
  );
}

function StatusIcon({ tone }: { tone: 'success' | 'warning' | 'error' }) {
  return tone === 'success' ? (
    <Tick />
  ) : tone === 'warning' ? (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5v5.5M12 16.5v.01" strokeLinecap="round" />
    </>
  ) : (
    <path d="M7 7l10 10M17 7L7 17" strokeLinecap="round" />
  );
}
