import { Center } from '@chakra-ui/react';

/** A round avatar: the member's picture, or the first character of the nickname on brand orange. */
export function Avatar({ src, name, size = 32 }: { src?: string | null; name?: string | null; size?: number }) {
  const initial = (name ?? '').trim().charAt(0) || '微';
  return (
    <Center
      as="span"
      inline
      flexShrink={0}
      boxSize={`${size}px`}
      borderRadius="full"
      overflow="hidden"
      bg="brand.100"
      color="brand.700"
      fontWeight="bold"
      fontSize={`${Math.round(size * 0.45)}px`}
      lineHeight="1"
      aria-hidden="true"
    >
      {src ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        initial
      )}
    </Center>
  );
}
