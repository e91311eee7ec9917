import { Button, type ButtonProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { copyText } from '../clipboard';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  text: string;
  /** Button text before copying, e.g. 复制卡密. */
  label?: string;
  /** Accessible name, e.g. 复制兑换码 1234. */
  ariaLabel?: string;
  /** Told whether the copy worked (the app shows a toast). */
  onCopied?: (ok: boolean) => void;
}

/** A small 复制 button that reads 已复制 for two seconds after a successful copy. */
export function CopyButton({ text, label = '复制', ariaLabel, onCopied, ...rest }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="brand"
      borderRadius="full"
      px="3"
      aria-label={ariaLabel ?? label}
      {...rest}
      onClick={() => {
        void copyText(text).then((ok) => {
          setCopied(ok);
          onCopied?.(ok);
        });
      }}
    >
      {copied ? '已复制' : label}
    </Button>
  );
}
