import { Button, CloseButton, Dialog, Image, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
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
 * The one-time full-screen announcement (弹屏公告): over the whole screen on phones, a large card
 * over the dimmed page on desktops; image, title, the operator's text and one button. The dialog
 * recipe comes with this component (not in the app's system: it is not on the first route).
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
      recipe={dialogSlotRecipe}
      open={shown}
      onOpenChange={(details) => {
        if (!details.open && !marking) onClose();
      }}
      size={{ mdDown: 'full', md: 'md' }}
      placement="center"
      scrollBehavior="inside"
      motionPreset="scale"
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.600" />
        <Dialog.Positioner>
          <Dialog.Content overflow="hidden" borderRadius={{ base: '0', md: '2xl' }} data-testid="screen-message">
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
                <Dialog.Header pt={message.image ? '5' : '8'} pb="2" pe="12">
                  <Dialog.Title fontSize="20px" lineHeight="1.45" color="ink">
                    {message.title}
                  </Dialog.Title>
                </Dialog.Header>
                <Dialog.Body pb="4">
                  <RichText html={message.content} />
                </Dialog.Body>
                <Dialog.Footer justifyContent="stretch" pb={{ base: '8', md: '6' }}>
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
                <Dialog.CloseTrigger asChild disabled={marking}>
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
