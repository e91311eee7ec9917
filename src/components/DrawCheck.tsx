import { Button, Flex, Text } from '@chakra-ui/react';
import type { SpinCheck } from '../services/lotteryVerify';

/**
 * A draw's re-check in the browser (src/services/lotteryVerify.ts), shared by the lucky wheel's and
 * the seasonal campaign's records: running, or its answer (null: the seed is not revealed yet).
 */
export type SpinCheckState = { status: 'checking' } | { status: 'done'; check: SpinCheck | null };

export function CheckResult({ state }: { state: SpinCheckState | undefined }) {
  if (!state) return null;
  if (state.status === 'checking') return <Text textStyle="caption.muted">正在复核…</Text>;
  const c = state.check;
  if (!c) return <Text textStyle="caption.muted">种子尚未公开，当天结束后可复核。</Text>;
  return (
    <Text fontSize="13px" color={c.ok ? 'green.700' : 'red.600'} role="status">
      {c.ok
        ? `✓ 复核通过：公开的种子与事先公布的指纹吻合，重新算出的数字 ${c.roll} 与记录相同`
        : c.hashMatches
          ? `✗ 复核未通过：重新算出的数字是 ${c.roll}，与记录不同，请联系客服`
          : '✗ 复核未通过：种子与事先公布的指纹不吻合，请联系客服'}
    </Text>
  );
}

/** The record's 在浏览器中复核 button with the answer beside it (shown once the day's seed is revealed). */
export function VerifyRow({ state, onVerify }: { state: SpinCheckState | undefined; onVerify: () => void }) {
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <Button size="xs" variant="outline" colorPalette="brand" onClick={onVerify}>
        在浏览器中复核
      </Button>
      <CheckResult state={state} />
    </Flex>
  );
}
