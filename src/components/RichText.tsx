import { Box, type BoxProps } from '@chakra-ui/react';

/**
 * Operator rich text (a notice, a message, the screen message). The server sanitizes it when it is
 * stored (server/kernel/html.ts: a few formatting tags, https or in-site links and images), so the
 * page renders it as it is, in the site's type.
 */
export function RichText({ html, ...rest }: { html: string } & Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'>) {
  return (
    <Box
      fontSize="15px"
      color="ink"
      lineHeight="1.8"
      wordBreak="break-word"
      css={{
        '& p': { marginBottom: '0.75em' },
        '& h3, & h4': { fontWeight: 'semibold', marginY: '0.75em' },
        '& ul, & ol': { paddingInlineStart: '1.5em', marginBottom: '0.75em' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& a': { color: 'brand.600', textDecoration: 'underline' },
        // A secret the server wrote in (an issued card code): one tap selects all of it to copy.
        '& strong[data-secret]': { userSelect: 'all', letterSpacing: '0.02em', wordBreak: 'break-all' },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 'md', marginY: '0.5em' },
        '& blockquote': {
          borderInlineStartWidth: '3px',
          borderColor: 'gray.200',
          paddingInlineStart: '0.75em',
          color: 'gray.600',
        },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
      {...rest}
    />
  );
}
