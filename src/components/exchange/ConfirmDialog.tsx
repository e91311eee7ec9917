import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ModalBackdrop, useEscapeKey } from '../ModalBackdrop';

/**
 * A small modal dialog (no Chakra dialog recipe: it would cost every route): a dimmed backdrop,
 * a bottom sheet on phones and a centred card on desktops, Escape and the backdrop cancel,
 * focus moves to the confirm button when it opens.
 */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  busyLabel?: string;
  confirmDisabled?: boolean;
  onConfirm?: () => void;
  onCancel?: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = '取消',
  busy = false,
  busyLabel = '处理中…',
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Focus the confirm button when the dialog opens, and again when busy or onCancel change.
  useEffect(() => {
    if (open) confirmRef.current?.focus();
  }, [open, busy, onCancel]);
  // While busy nothing cancels: neither Escape nor the backdrop.
  const cancel = open && !busy ? onCancel : undefined;
  useEscapeKey(cancel);
  if (!open) return null;
  return (
    <ModalBackdrop onDismiss={cancel}>
      <Box
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        bg="white"
        w={{ base: '100%', md: '440px' }}
        borderTopRadius="2xl"
        borderBottomRadius={{ base: '0', md: '2xl' }}
        p={{ base: '5', md: '6' }}
        pb={{ base: 'calc(20px + env(safe-area-inset-bottom))', md: '6' }}
        boxShadow="xl"
      >
        <Text id={titleId} fontSize="18px" fontWeight="semibold" color="gray.900" mb="4">
          {title}
        </Text>
        <Stack gap="3">{children}</Stack>
        <Flex gap="3" mt="6">
          <Button flex="1" variant="outline" borderRadius="full" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            flex="1"
            colorPalette="brand"
            borderRadius="full"
            onClick={onConfirm}
            loading={busy}
            loadingText={busyLabel}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </Flex>
      </Box>
    </ModalBackdrop>
  );
}
