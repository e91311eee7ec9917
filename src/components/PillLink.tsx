import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export interface PillLinkProps extends Omit<ButtonProps, 'asChild'> {
  to: string;
}

/** The small outlined pill that leads to a related page (任务概况, 任务记录, 去兑换中心, 去赚微豆 …). */
export function PillLink({ to, children, ...button }: PillLinkProps) {
  return (
    <Button asChild size="sm" variant="outline" colorPalette="brand" borderRadius="full" {...button}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}
