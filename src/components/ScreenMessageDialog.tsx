import { Box, Button, CloseButton, Dialog, Flex, Image, Portal } from '@chakra-ui/react';
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
 * The header of a message without a picture of its own: the brand's gradient with a drawn
 * envelope and a few sparkles (CSS and an inline SVG: no file to load, sharp at any size).
 */
function HeaderArt() {
  return (
    <Flex
      data-testid="screen-message-art"
      aria-hidden="true"
      flexShrink={0}
      h={{ base: '34vh', md: '188px' }}
      minH="160px"
      maxH="260px"
      align="center"
      justify="center"
      position="relative"
      overflow="hidden"
      bgGradient="to-br"
      gradientFrom="brand.400"
      gradientTo="brand.700"
    >
      <Box position="absolute" w="260px" h="260px" borderRadius="full" bg="whiteAlpha.200" top="-120px" right="-80px" />
      <Box
        position="absolute"
        w="180px"
        h="180px"
        borderRadius="full"
        bg="whiteAlpha.100"
        bottom="-90px"
        left="-50px"
      />
      <svg width="168" height="128" viewBox="0 0 168 128" fill="none">
        <path d="M30 52 84 16l54 36v60a8 8 0 0 1-8 8H38a8 8 0 0 1-8-8z" fill="#fff" fillOpacity=".28" />
        <rect x="44" y="30" width="80" height="62" rx="8" fill="#fff" />
        <rect x="56" y="44" width="44" height="7" rx="3.5" fill="#fdba74" />
        <rect x="56" y="58" width="56" height="6" rx="3" fill="#fed7aa" />
        <rect x="56" y="70" width="36" height="6" rx="3" fill="#fed7aa" />
        <path d="M30 56l54 36 54-36v56a8 8 0 0 1-8 8H38a8 8 0 0 1-8-8z" fill="#fff7ed" />
        <path d="M30 120l42-34m66 34L96 86" stroke="#fdba74" strokeWidth="3" strokeLinecap="round" />
        <circle cx="136" cy="26" r="14" fill="#facc15" />
        <path d="M130 26l4 4 8-8" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M18 22l3 7 7 3-7 3-3 7-3-7-7-3 7-3zM152 70l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#fff" />
      </svg>
    </Flex>
  );
}

/**
 * The one-time full-screen announcement (弹屏公告): over the whole screen on phones, a card over
 * the dimmed page on desktops; the operator's image (or a drawn header), title, the operator's text,
 * the button, and 稍后再看 beside a link's button. Chakra's Dialog
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
                {!message.image && <HeaderArt />}
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
                <Dialog.Header px="6" pt="5" pb="2">
                  <Dialog.Title fontSize="20px" fontWeight="semibold" lineHeight="1.45" textAlign="center">
                    {message.title}
                  </Dialog.Title>
                </Dialog.Header>
                <Dialog.Body flex="1" minH="0" overflowY="auto" px="6" pb="4">
                  <RichText html={message.content} />
                </Dialog.Body>
                <Dialog.Footer
                  display="flex"
                  flexDirection="column"
                  gap="1"
                  px="6"
                  pt="3"
                  pb={{ base: 'max(24px, env(safe-area-inset-bottom))', md: '5' }}
                  borderTopWidth={{ base: '1px', md: '0' }}
                  borderColor="gray.100"
                >
                  <Button
                    width="full"
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
                  {message.link && (
                    // With a link, a plain way out beside the ✕: the member need not follow it.
                    <Button width="full" variant="ghost" colorPalette="gray" disabled={marking} onClick={onClose}>
                      稍后再看
                    </Button>
                  )}
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild disabled={marking} position="absolute" top="3" insetEnd="3">
                  <CloseButton
                    aria-label="关闭"
                    size="sm"
                    borderRadius="full"
                    bg={message.image ? 'blackAlpha.500' : 'whiteAlpha.300'}
                    color="white"
                    _hover={{ bg: message.image ? 'blackAlpha.700' : 'whiteAlpha.500' }}
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
