import { Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { RichText } from './RichText';

export interface ArticleTextProps {
  /** The heading's id (the `article` element is labelled by it). */
  titleId: string;
  title: string;
  /** The line under the title: badges, when, where. */
  meta: ReactNode;
  /** Sanitized HTML (the server sanitized it when it was stored). */
  html: string;
  /**
   * The text's own heading for screen readers (公告内容, 解答): operators' sections are h3, so the
   * outline reads h1 → h2 → h3 without a level skipped.
   */
  bodyLabel: string;
}

/** An operator's article as a page shows it (a notice, a help answer): its h1, a meta line, a hairline, the text. */
export function ArticleText({ titleId, title, meta, html, bodyLabel }: ArticleTextProps) {
  return (
    <>
      <Heading as="h1" id={titleId} fontSize={{ base: '20px', md: '24px' }} lineHeight="1.45" color="ink">
        {title}
      </Heading>
      <Flex mt="2" gap="2" align="center" wrap="wrap" textStyle="caption.soft">
        {meta}
      </Flex>
      <Heading as="h2" srOnly>
        {bodyLabel}
      </Heading>
      <RichText
        html={html}
        mt={{ base: '4', md: '6' }}
        pt={{ base: '4', md: '5' }}
        borderTopWidth="1px"
        borderColor="gray.100"
      />
    </>
  );
}
