import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from './auth/formParts';
import { ModalBackdrop, useEscapeKey } from './ModalBackdrop';
import { nativeFieldStyle } from './nativeFieldStyle';

const Input = chakra('input', {
  base: { ...nativeFieldStyle, height: '40px', fontSize: '15px', px: '3', width: '100%' },
});

export interface TotpPromptProps {
  title: string;
  /** What the change does, in a sentence. */
  description?: ReactNode;
  /** Fields of the change itself (roles to pick…), above the reason and the code. */
  children?: ReactNode;
  reason: string;
  code: string;
  /**
   * Whether the move asks for a fresh authenticator code (`freshTotp` in the contract). Moves that
   * only need a reason (a freeze, a rejection) pass false: the same dialog without the code field.
   */
  withCode?: boolean;
  /** The reason field's label; the reason is written to the audit log either way. */
  reasonLabel?: string;
  /**
   * Whether the move's own fields (the children) pass; false keeps 确认 disabled whatever the reason
   * and code say (an amount that would take a balance below zero).
   */
  ready?: boolean;
  error?: string | null;
  busy?: boolean;
  confirmLabel?: string;
  onReason: (value: string) => void;
  onCode: (value: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A staff move with its reason, and a fresh authenticator code when the move asks for one (a console write with `freshTotp`): what it does,
 * its own fields, the reason, the 6-digit code, 确认 / 取消. Props only; the caller holds the values.
 */
export function TotpPrompt(props: TotpPromptProps) {
  const { title, description, children, reason, code, error, busy, confirmLabel = '确认', onCancel } = props;
  const { withCode = true, reasonLabel = '原因（写入审计日志）' } = props;
  useEscapeKey(busy ? undefined : onCancel);
  const ready = props.ready !== false && reason.trim().length >= 2 && (!withCode || /^\d{6}$/.test(code));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready && !busy) props.onConfirm();
  };
  return (
    <ModalBackdrop onDismiss={busy ? undefined : onCancel}>
      <Box
        as="form"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onSubmit={submit}
        bg="white"
        width={{ base: '100%', md: '440px' }}
        borderRadius={{ base: '16px 16px 0 0', md: 'xl' }}
        p="5"
      >
        <Stack gap="3">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {description && (
            <Text fontSize="14px" color="gray.700">
              {description}
            </Text>
          )}
          {children}
          <Box as="label" display="block">
            <Text fontSize="13px" color="gray.600" mb="1">
              {reasonLabel}
            </Text>
            <Input name="reason" value={reason} maxLength={200} onChange={(e) => props.onReason(e.target.value)} />
          </Box>
          {withCode && (
            <Box as="label" display="block">
              <Text fontSize="13px" color="gray.600" mb="1">
                身份验证器动态验证码
              </Text>
              <Input
                name="totp"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="6 位数字"
                value={code}
                onChange={(e) => props.onCode(e.target.value.replace(/\D/g, ''))}
              />
            </Box>
          )}
          {error && <FormAlert>{error}</FormAlert>}
          <HStack justify="flex-end" gap="2">
            <Button variant="ghost" onClick={onCancel} disabled={busy}>
              取消
            </Button>
            <Button type="submit" colorPalette="brand" disabled={!ready} loading={busy}>
              {confirmLabel}
            </Button>
          </HStack>
        </Stack>
      </Box>
    </ModalBackdrop>
  );
}
