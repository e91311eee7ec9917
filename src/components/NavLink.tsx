import { Box, type BoxProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export interface NavLinkProps extends Omit<BoxProps, 'asChild'> {
  to: string;
  /** The current page: marked `aria-current="page"` (each navigation styles it its own way). */
  active: boolean;
}

/** A navigation item: a router link styled with Chakra style props. */
export function NavLink({ to, active, children, ...style }: NavLinkProps) {
  return (
    <Box asChild {...style}>
      <RouterLink to={to} aria-current={active ? 'page' : undefined}>
        {children}
      </RouterLink>
    </Box>
  );
}
