import { Flex } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';

/**
 * The dimmed layer under a dialog rendered in place (no portal): it holds the dialog at the
 * bottom on phones and in the middle on desktops; a click on the layer itself (not the dialog)
 * calls `onDismiss`.
 */
export function ModalBackdrop({ onDismiss, children }: { onDismiss?: () => void; children: ReactNode }) {
  return (
    <Flex
      position="fixed"
      inset="0"
      zIndex="modal"
      bg="blackAlpha.500"
      align={{ base: 'flex-end', md: 'center' }}
      justify="center"
      onClick={(e) => {
        if (e.target === e.currentTarget) onDismiss?.();
      }}
    >
      {children}
    </Flex>
  );
}

/** Calls `onEscape` when Escape is pressed anywhere; nothing is listened to while it is undefined. */
export function useEscapeKey(onEscape: (() => void) | undefined) {
  useEffect(() => {
    if (!onEscape) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onEscape();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onEscape]);
}
