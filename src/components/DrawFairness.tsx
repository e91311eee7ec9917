import { Box, Stack, Text } from '@chakra-ui/react';
import { drawMessage, type DrawRule } from '../../openapi/rules/lottery';
import { VerifyRow, type SpinCheckState } from './DrawCheck';
import { ProofLine, TechDetails } from './TechDetails';

export { ProofLine, TechDetails };

/**
 * How a draw is shown to be fair, for the lucky wheel, the seasonal campaigns and the prize trials:
 * plain words first, the formula and the 64-digit strings one tap further (a closed <details>).
 */

/** What one spin or campaign draw was decided by (the contract's verification fields). */
export interface DrawProof {
  day: string;
  seedHash: string;
  seed: string | null;
  rule: DrawRule;
  kind: string | null;
  member: string | null;
  memberSeed: string;
  nonce: number;
  roll: number;
}

/** The HMAC message of a recorded draw, as the rule it was drawn with writes it. */
export const proofMessage = (p: DrawProof) => drawMessage(p);

/**
 * A record's 如何验证 block: in words what decided it and the one-tap re-check once the day's seed
 * is public; the inputs and the formula behind 技术细节.
 */
export function DrawProofDetails({
  proof: p,
  table,
  check,
  onVerify,
}: {
  proof: DrawProof;
  /** The prize table in draw order, in words (「谢谢参与 60，5 微豆 30…」). */
  table?: string;
  check: SpinCheckState | undefined;
  onVerify: () => void;
}) {
  const message = proofMessage(p);
  return (
    <Box as="details" mt="1.5" fontSize="12px" color="gray.600">
      <Box as="summary" cursor="pointer" color="brand.700" width="fit-content">
        如何验证这次结果
      </Box>
      <Stack gap="1.5" mt="2">
        <Text>
          {p.rule === 1
            ? `这次结果由 ${p.day} 的系统密钥、这次的随机数和当天第 ${p.nonce} 次抽奖共同算出（旧版规则）。`
            : `这次结果由 ${p.day} 的系统密钥、你的会员编号 ${p.member}、这次的随机数和当天第 ${p.nonce} 次抽奖共同算出：换一个人、换一种抽奖，结果都不一样。`}
        </Text>
        {p.seed ? (
          <VerifyRow state={check} onVerify={onVerify} />
        ) : (
          <Text>系统密钥将在 {p.day} 结束后公开，之后可以一键复核。</Text>
        )}
        <TechDetails>
          <Text>
            规则 {p.rule} · 序号 {p.nonce} · 抽出的数 {p.roll}
          </Text>
          <ProofLine label="HMAC 消息" value={message} />
          <ProofLine label="会员种子（这次的随机数）" value={p.memberSeed} />
          <ProofLine label="事先公布的种子哈希（SHA-256）" value={p.seedHash} />
          {p.seed && <ProofLine label="已公开的种子（系统密钥）" value={p.seed} />}
          {table && <Text>奖品表（按顺序累计权重）：{table}</Text>}
          <Text>
            计算方法：HMAC-SHA256(种子, 消息)，取结果前 13
            位十六进制数除以总权重的余数，落在哪个奖品的累计权重区间就是哪个奖品。
            {p.seed && (
              <>
                {' '}
                也可自行计算：echo -n &quot;{message}&quot; | openssl dgst -sha256 -hmac &quot;{p.seed}&quot;
              </>
            )}
          </Text>
        </TechDetails>
      </Stack>
    </Box>
  );
}
