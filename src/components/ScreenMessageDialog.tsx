import { Button, CloseButton, Dialog, Image, Portal } from '@chakra-ui/react';
import type { ShownScreenMessage } from '../../machines/screenMessage';
import { RichText } from './RichText';

export interface ScreenMessageDialogProps {
  open: boolean;
  message: ShownScreenMessage | null;
  /** Being marked seen: the controls wait. */
  marking?: boolean;
  /** The member pressed the button (it spins until the link opens). */
  following?: boolean;
  /** Close (the ✕, Escape, a tap beside it; the button when there is no link). */
  onClose?: () => void;
  /** The button, when the message has a link. */
  onFollow?: () => void;
}

const noop = () => {};

/**
 * The one-time full-screen announcement (弹屏公告): over the whole screen on phones, a card over
 * the dimmed page on desktops; image, title, the operator's text and one button. Chakra's Dialog
 * (focus kept inside, Escape, scroll lock, focus returned) drawn by this component (`unstyled`):
 * the dialog recipe is not in the app's system and would land in the entry chunk if imported here.
 */
export function ScreenMessageDialog({
  open,
  message,
  marking = false,
  following = false,
  onClose = noop,
  onFollow = noop,
}: ScreenMessageDialogProps) {
  const shown = open && message !== null;
  return (
    <Dialog.Root
      unstyled
      open={shown}
      onOpenChange={(details) => {
        if (!details.open && !marking) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop position="fixed" inset="0" zIndex="modal" bg="blackAlpha.600" />
        <Dialog.Positioner
          position="fixed"
          inset="0"
          zIndex="modal"
          display="flex"
          alignItems="center"
          justifyContent="center"
          p={{ base: '0', md: '6' }}
        >
          <Dialog.Content
            data-testid="screen-message"
            position="relative"
            display="flex"
            flexDirection="column"
            width="100%"
            maxW={{ base: '100%', md: '480px' }}
            h={{ base: '100dvh', md: 'auto' }}
            maxH={{ md: 'calc(100dvh - 48px)' }}
            bg="white"
            color="ink"
            borderRadius={{ base: '0', md: '2xl' }}
            boxShadow="0 24px 48px rgba(15, 23, 42, 0.24)"
            overflow="hidden"
            outline="0"
            _open={{ animationName: 'fade-in, scale-in', animationDuration: 'moderate' }}
          >
            {message && (
              <>
                {message.image && (
                  <Image
                    src={message.image}
                    alt=""
                    width="100%"
                    maxH={{ base: '42vh', md: '280px' }}
                    objectFit="cover"
                    flexShrink={0}
                    bg="brand.50"
                  />
                )}
                <Dialog.Header px="6" pt={message.image ? '5' : '8'} pb="2" pe="12">
                  <Dialog.Title fontSize="20px" fontWeight="semibold" lineHeight="1.45">
                    {message.title}
                  </Dialog.Title>
                </Dialog.Header>
                <Dialog.Body flex="1" minH="0" overflowY="auto" px="6" pb="4">
                  <RichText html={message.content} />
                </Dialog.Body>
                <Dialog.Footer display="flex" px="6" pt="2" pb={{ base: '8', md: '6' }}>
                  <Button
                    flex="1"
                    size="lg"
                    colorPalette="brand"
                    borderRadius="full"
                    loading={message.link ? following : marking}
                    loadingText={message.link ? '正在打开…' : '请稍候…'}
                    disabled={marking}
                    onClick={message.link ? onFollow : onClose}
                  >
                    {message.buttonText || (message.link ? '去看看' : '我知道了')}
                  </Button>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild disabled={marking} position="absolute" top="3" insetEnd="3">
                  <CloseButton
                    aria-label="关闭"
                    size="sm"
                    borderRadius="full"
                    bg={message.image ? 'blackAlpha.500' : undefined}
                    color={message.image ? 'white' : 'gray.600'}
                    _hover={{ bg: message.image ? 'blackAlpha.700' : 'gray.100' }}
                  />
                </Dialog.CloseTrigger>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
