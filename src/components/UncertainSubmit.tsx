import { Button, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormAlert } from './auth/formParts';
import { DrawNotice } from './DrawNotice';

/**
 * A call the server must apply once whose answer did not arrive (machines/submitOnce.ts `uncertain`):
 * the member is told that retrying is safe — the same request goes again under the same key, so the
 * server acts once. One alert for every such flow: a form (a reply, a ticket, an application), a
 * dialog whose own button retries (a redemption), a draw.
 */
export interface UncertainSubmitProps {
  /**
   * What was sent and the verb of sending, for the forms' wording:
   * 「网络不太稳定，没能确认{what}是否已{sent}。{retryLabel}会按原内容再试一次，不会重复{sent}。」
   * Ignored when `children` says it otherwise.
   */
  what?: string;
  sent?: string;
  /** The alert's own words, when the flow says more (the redemption's retries, a draw's rule). */
  children?: ReactNode;
  /** A first line in bold (a draw's 「网络不稳定，没有收到抽奖结果」). */
  title?: string;
  retryLabel?: string;
  /** The retry button; none when the surrounding dialog's own button retries. */
  onRetry?: () => void;
  /** Sends of this attempt after the first, said as 「（已重试 N 次）」 when there were any. */
  retries?: number;
  /** Further actions beside the retry (修改申请表, 关闭). */
  actions?: ReactNode;
  /** `form`: the form's alert; `draw`: the centred notice under a draw button. */
  layout?: 'form' | 'draw';
  /** The retry button's colour (a campaign's own red). */
  palette?: string;
}

/** A draw's heading for a lost answer. */
export const DRAW_LOST = '网络不稳定，没有收到抽奖结果';

/** The forms' wording of a lost answer. */
export const lostAnswerText = (what: string, sent: string, retryLabel: string) =>
  `网络不太稳定，没能确认${what}是否已${sent}。${retryLabel}会按原内容再试一次，不会重复${sent}。`;

export function UncertainSubmit(props: UncertainSubmitProps) {
  const { retryLabel = '重试', palette = 'brand', layout = 'form' } = props;
  const said = props.children ?? lostAnswerText(props.what ?? '请求', props.sent ?? '提交', retryLabel);
  const words = props.retries ? (
    <>
      {said}
      {`（已重试 ${props.retries} 次）`}
    </>
  ) : (
    said
  );
  const retry = props.onRetry && (
    <Button
      size="sm"
      colorPalette={palette}
      {...(layout === 'form' ? { borderRadius: 'full', px: '5' } : {})}
      onClick={props.onRetry}
    >
      {retryLabel}
    </Button>
  );
  const buttons =
    retry || props.actions ? (
      <Flex gap="2" mt="2" justify={layout === 'draw' ? 'center' : undefined}>
        {retry}
        {props.actions}
      </Flex>
    ) : null;
  if (layout === 'draw')
    return (
      <DrawNotice role="alert" bg="orange.50">
        {props.title && (
          <Text fontWeight="semibold" color="orange.800">
            {props.title}
          </Text>
        )}
        <Text mt="1" textStyle="caption.muted">
          {words}
        </Text>
        {buttons}
      </DrawNotice>
    );
  return (
    <FormAlert>
      {props.title && <Text fontWeight="semibold">{props.title}</Text>}
      <Text>{words}</Text>
      {buttons}
    </FormAlert>
  );
}
