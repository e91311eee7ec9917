import { Box, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** An in-site path (`/task?module=3`): the router takes it; anything else (https) is a normal link. */
export const isInSite = (href: string) => href.startsWith('/') && !href.startsWith('//');

export interface PromoLinkProps extends Omit<BoxProps, 'asChild' | 'children'> {
  /** Where an operator's banner or campaign leads; none: not a link. */
  href: string | null;
  children: ReactNode;
}

/**
 * The link of a banner or campaign (checked when it was published: a built page of this site or
 * an https address). In-site paths go through the router; https addresses open as links do.
 */
export function PromoLink({ href, children, ...rest }: PromoLinkProps) {
  if (!href) return <Box {...rest}>{children}</Box>;
  return (
    <Box asChild {...rest}>
      {isInSite(href) ? <RouterLink to={href}>{children}</RouterLink> : <a href={href}>{children}</a>}
    </Box>
  );
}
