import { Box, Button, Flex, Heading, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { FlowControls } from '../../../machines/shared';
import { CloseIcon } from '../icons';
import { ModalBackdrop, useEscapeKey } from '../ModalBackdrop';

export interface SheetProps {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Escape, the backdrop and the close button; left out while nothing may close it (busy). */
  onClose?: () => void;
}

/**
 * A modal dialog rendered in place (no portal, so a story shows it as it is): a bottom sheet on
 * phones, a centred card on desktop.
 */
export function Sheet({ title, children, footer, onClose }: SheetProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  // Focus moves into the dialog when it opens and back where it was when it closes.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.focus();
    return () => before?.focus?.();
  }, []);
  useEscapeKey(onClose);
  return (
    <ModalBackdrop onDismiss={onClose}>
      <Box
        ref={box}
        tabIndex={-1}
        outline="none"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        bg="white"
        w={{ base: '100%', md: '440px' }}
        maxH={{ base: '85vh', md: '80vh' }}
        overflowY="auto"
        borderTopRadius="2xl"
        borderBottomRadius={{ base: '0', md: '2xl' }}
        boxShadow="0 10px 40px rgba(15, 23, 42, 0.2)"
        px={{ base: '5', md: '6' }}
        pt="5"
        pb={{ base: 'calc(20px + env(safe-area-inset-bottom))', md: '6' }}
      >
        <Flex align="center" justify="space-between" gap="3" mb="4">
          <Heading as="h2" id={titleId} fontSize="18px" color="ink">
            {title}
          </Heading>
          {onClose && (
            <Button
              variant="ghost"
              size="sm"
              aria-label="关闭"
              onClick={onClose}
              color="gray.500"
              px="2"
              css={{ '& svg': { width: '18px', height: '18px' } }}
            >
              <CloseIcon />
            </Button>
          )}
        </Flex>
        {children}
        {footer && (
          <Flex mt="6" gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
            {footer}
          </Flex>
        )}
      </Box>
    </ModalBackdrop>
  );
}

/** Use rules as the server sent them (HTML cleaned on the server, see BenefitDetail.rules). */
export function RulesHtml({ html }: { html: string }) {
  return (
    <Box
      fontSize="14px"
      color="gray.700"
      lineHeight="1.7"
      css={{
        '& p': { margin: '0 0 6px' },
        '& ul, & ol': { paddingLeft: '20px', margin: '0 0 6px' },
        '& li': { marginBottom: '2px' },
        '& a': { color: 'var(--chakra-colors-brand-700)', textDecoration: 'underline' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The one round button of a dialog's footer (好的, 知道了). */
export function SheetButton({ children, onClick }: { children: ReactNode; onClick?: () => void }) {
  return (
    <Button colorPalette="brand" borderRadius="full" px="8" onClick={onClick}>
      {children}
    </Button>
  );
}

/** What a dialog shows while it waits: a spinner and what it is doing. */
export function SheetLoading({ children }: { children: ReactNode }) {
  return (
    <Flex align="center" gap="3" py="6" justify="center" role="status">
      <Spinner color="brand.500" />
      <Text color="gray.600">{children}</Text>
    </Flex>
  );
}

/**
 * How a flow in a sheet ended (a claim, a card used, a failure): the message (`role` status or
 * alert), a grey note under it, and one button (`button`, which closes) or a `footer` of its own.
 */
export function resultSheet({
  title,
  flow,
  button,
  footer,
  role,
  note,
  children,
}: {
  title: string;
  flow: FlowSheetProps;
  button?: string;
  footer?: ReactNode;
  role: 'status' | 'alert';
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Sheet
      title={title}
      onClose={flowClose(flow)}
      footer={footer ?? <SheetButton onClick={flow.onClose}>{button}</SheetButton>}
    >
      <Text fontSize="15px" color="gray.700" role={role}>
        {children}
      </Text>
      {note && (
        <Text mt="2" fontSize="13px" color="gray.500">
          {note}
        </Text>
      )}
    </Sheet>
  );
}

/** A flow in a sheet that failed (network, server): the error, what a retry does (`note`), 关闭 and 重试. */
export function retrySheet({
  title,
  error,
  note,
  flow,
}: {
  title: string;
  error: string | null;
  note: string;
  flow: FlowSheetProps;
}) {
  return resultSheet({
    title,
    flow,
    footer: (
      <>
        <Button variant="outline" borderRadius="full" px="6" onClick={flow.onClose}>
          关闭
        </Button>
        <Button colorPalette="brand" borderRadius="full" px="6" disabled={!flow.canRetry} onClick={flow.onRetry}>
          重试
        </Button>
      </>
    ),
    role: 'alert',
    note,
    children: error,
  });
}

/**
 * The four builders above return the one `Sheet` element, and the dialogs call them as functions,
 * not as components: every step of a flow renders the same Sheet, so the dialog stays one element
 * (focus and screen readers stay in it) from the check to the result.
 */

/** What a check → confirm → act flow's dialog may do now, and its handlers. */
export interface FlowSheetProps extends FlowControls {
  onConfirm?: () => void;
  onCancel?: () => void;
  onRetry?: () => void;
  onClose?: () => void;
}

/** The sheet's own close (×, Escape, backdrop): close once ended, cancel while confirming, else none. */
export const flowClose = (p: FlowSheetProps) => (p.canClose ? p.onClose : p.canCancel ? p.onCancel : undefined);

/** The check of a flow, under way: the flow's title and what is being checked. */
export function checkingSheet({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Sheet title={title}>
      <SheetLoading>{children}</SheetLoading>
    </Sheet>
  );
}

/**
 * A flow's confirm step and its act under way: 再想想 and the confirm button (spinning with
 * `actingText` while the act runs, when the sheet may not close).
 */
export function confirmSheet({
  title,
  acting,
  actingText,
  confirmLabel,
  flow,
  children,
}: {
  title: string;
  acting: boolean;
  actingText: string;
  confirmLabel: string;
  flow: FlowSheetProps;
  children: ReactNode;
}) {
  return (
    <Sheet
      title={title}
      onClose={acting ? undefined : flowClose(flow)}
      footer={
        <>
          <Button variant="outline" borderRadius="full" px="6" disabled={!flow.canCancel} onClick={flow.onCancel}>
            再想想
          </Button>
          <Button
            colorPalette="brand"
            borderRadius="full"
            px="6"
            loading={acting}
            loadingText={actingText}
            disabled={!flow.canConfirm}
            onClick={flow.onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Sheet>
  );
}
