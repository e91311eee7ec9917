import { Flex, type FlexProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface IconBadgeProps extends Omit<FlexProps, 'children'> {
  /** The icon. */
  children: ReactNode;
  /** Width and height of the badge. */
  size: string;
  /** Width and height of the icon in it (default: a little over half the badge). */
  iconSize?: string;
  /** The tint (layer style `tint.*`). */
  tone?: 'brand' | 'green';
}

/** An icon centred in a tinted square with rounded corners (`borderRadius` and spacing can be given as style props). */
export function IconBadge({ children, size, iconSize = '55%', tone = 'brand', ...box }: IconBadgeProps) {
  return (
    <Flex
      align="center"
      justify="center"
      flexShrink={0}
      width={size}
      height={size}
      borderRadius="xl"
      layerStyle={`tint.${tone}`}
      css={{ '& svg': { width: iconSize, height: iconSize } }}
      {...box}
    >
      {children}
    </Flex>
  );
}
