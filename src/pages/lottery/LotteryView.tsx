import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import type { LotteryFlowView } from '../../../machines/lottery';
import { ExchangeType } from '../../../openapi/enums';
import { lotterySourceLabel, type LotterySource } from '../../../openapi/rules/lottery';
import type { LotteryOverview, LotterySpin } from '../../../openapi/schemas/lottery';
import { CourseFrame } from '../../components/course/CourseFrame';
import { ErrorState, ListCard, LoadingState, PagedListBody, type PagedListProps } from '../../components/ListStates';
import { PillLink } from '../../components/PillLink';
import { PlainList } from '../../components/PlainList';
import { formatDateTime } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';
import { DrawNotice } from '../../components/DrawNotice';
import { DRAW_LOST, UncertainSubmit } from '../../components/UncertainSubmit';
import type { SpinCheckState } from '../../components/DrawCheck';
import { DrawProofDetails, ProofLine, TechDetails } from '../../components/DrawFairness';
import { exchangeRecordPath } from '../../routing/paths';

export type LotteryOverviewData = z.output<typeof LotteryOverview>;
export type LotterySpinData = z.output<typeof LotterySpin>;
type Prize = LotteryOverviewData['prizes'][number];

/** My records as the paged list gives them (its filter is the container's business). */
export type SpinRecords = Omit<PagedListProps<LotterySpinData, unknown>, 'filter' | 'onFilter'>;

export type { SpinCheckState };

export interface LotteryViewProps {
  status: 'loading' | 'ready' | 'error';
  wheel: LotteryOverviewData | null;
  error?: string | null;
  onRetry?: () => void;
  loggedIn: boolean;
  loginHref: string;
  /** The spin flow (machines/lottery.ts). */
  flow: LotteryFlowView;
  /** The wheel's turn in degrees (`wheelRotation`), and whether it turns with an animation. */
  rotation: number;
  animate: boolean;
  onSpin: (source: LotterySource) => void;
  /** The wheel stopped turning (its transition ended). */
  onStopped: () => void;
  onRetrySpin: () => void;
  onClose: () => void;
  /** My spin records; null for a visitor. */
  records: SpinRecords | null;
  checks: Record<number, SpinCheckState>;
  onVerify: (spin: LotterySpinData) => void;
}

const TURNS = 6;
const SPIN_MS = 4200;

/** The wheel's next turn so that prize `index` of `count` stops under the pointer: always forward, several whole turns. */
export function wheelRotation(previous: number, index: number, count: number): number {
  const slice = 360 / Math.max(count, 1);
  const target = (360 - (index + 0.5) * slice) % 360;
  const base = previous - (((previous % 360) + 360) % 360);
  return base + TURNS * 360 + target;
}

/** Slices alternate; with an odd count the last one takes a third colour so no two neighbours match. */
function sliceColor(i: number, n: number): string {
  if (n % 2 === 1 && i === n - 1 && n > 1) return 'var(--chakra-colors-brand-200)';
  return i % 2 === 0 ? 'var(--chakra-colors-brand-100)' : 'white';
}

const percent = (chance: number) => {
  const p = chance * 100;
  return `${p >= 1 ? p.toFixed(1) : p.toFixed(2)}%`;
};

/** `/lottery` 幸运大转盘: the wheel, my spins left, the prizes and their chances, the seed commitments and my records. */
export function LotteryView(props: LotteryViewProps) {
  const { status, wheel } = props;
  return (
    <CourseFrame maxW="1080px">
      <Heading as="h1" fontSize={{ base: '20px', md: '26px' }} color="ink" mb={{ base: '3', md: '5' }}>
        幸运大转盘
      </Heading>
      {status === 'loading' ? (
        <LoadingState label="正在加载转盘…" paddingTop={80} />
      ) : status === 'error' || !wheel ? (
        <ErrorState
          paddingTop={80}
          title="转盘加载失败"
          description={props.error || undefined}
          onRetry={props.onRetry}
        />
      ) : (
        <Stack gap={{ base: '4', md: '5' }}>
          <Flex gap={{ base: '4', md: '5' }} direction={{ base: 'column', md: 'row' }} align="stretch">
            <WhiteCard flex="3" minW="0" px={{ base: '4', md: '6' }} py={{ base: '5', md: '6' }}>
              <Wheel {...props} wheel={wheel} />
              <SpinPanel {...props} wheel={wheel} />
            </WhiteCard>
            <Stack flex="2" minW="0" gap={{ base: '4', md: '5' }}>
              <PrizeList wheel={wheel} />
              <Fairness wheel={wheel} />
            </Stack>
          </Flex>
          {props.records && <Records {...props} records={props.records} />}
        </Stack>
      )}
    </CourseFrame>
  );
}

function Wheel({ wheel, rotation, animate, onStopped, flow }: LotteryViewProps & { wheel: LotteryOverviewData }) {
  const prizes = wheel.prizes;
  const n = Math.max(prizes.length, 1);
  const slice = 360 / n;
  const gradient = prizes.map((_, i) => `${sliceColor(i, n)} ${i * slice}deg ${(i + 1) * slice}deg`).join(', ');
  const size = { base: '280px', md: '340px' };
  return (
    <Box position="relative" w={size} h={size} mx="auto" data-testid="lottery-wheel">
      {/* The pointer, at the top. */}
      <Box
        position="absolute"
        top="-6px"
        left="50%"
        transform="translateX(-50%)"
        zIndex="2"
        w="0"
        h="0"
        borderLeft="14px solid transparent"
        borderRight="14px solid transparent"
        borderTop="26px solid"
        borderTopColor="brand.600"
        aria-hidden="true"
      />
      <Box
        role="img"
        aria-label={`转盘共 ${prizes.length} 个奖品：${prizes.map((p) => p.name).join('、')}`}
        w="full"
        h="full"
        borderRadius="full"
        border="8px solid"
        borderColor="brand.500"
        boxShadow="0 6px 24px rgba(227, 93, 6, 0.25)"
        position="relative"
        overflow="hidden"
        style={{
          background: prizes.length ? `conic-gradient(${gradient})` : 'var(--chakra-colors-gray-100)',
          transform: `rotate(${rotation}deg)`,
          transition: animate ? `transform ${SPIN_MS}ms cubic-bezier(0.15, 0.7, 0.2, 1)` : 'none',
        }}
        onTransitionEnd={(e) => {
          if (e.target === e.currentTarget && flow.step === 'revealing') onStopped();
        }}
        data-rotation={rotation}
      >
        {prizes.map((p, i) => (
          <Box
            key={p.id}
            position="absolute"
            top="0"
            left="50%"
            h="50%"
            w="80px"
            ml="-40px"
            transformOrigin="50% 100%"
            style={{ transform: `rotate(${(i + 0.5) * slice}deg)` }}
            aria-hidden="true"
          >
            <Text
              mt={{ base: '3', md: '4' }}
              textAlign="center"
              fontSize={{ base: '12px', md: '13px' }}
              fontWeight="semibold"
              color={p.kind === 'none' ? 'gray.500' : 'brand.700'}
              lineHeight="1.2"
            >
              {p.name}
            </Text>
          </Box>
        ))}
      </Box>
      <Flex
        position="absolute"
        top="50%"
        left="50%"
        transform="translate(-50%, -50%)"
        w="64px"
        h="64px"
        borderRadius="full"
        bg="brand.600"
        color="white"
        align="center"
        justify="center"
        fontWeight="bold"
        fontSize="15px"
        border="4px solid white"
        boxShadow="md"
        aria-hidden="true"
      >
        {flow.busy ? '…' : '抽奖'}
      </Flex>
    </Box>
  );
}

function SpinPanel(props: LotteryViewProps & { wheel: LotteryOverviewData }) {
  const { wheel, flow, loggedIn } = props;
  if (!wheel.prizes.length)
    return (
      <Text mt="5" textAlign="center" color="gray.600">
        转盘暂未开放，奖品正在准备中。
      </Text>
    );
  if (!loggedIn || !wheel.left)
    return (
      <Stack mt="5" align="center" gap="2">
        <Text textStyle="caption.muted">登录后每天可免费抽 {wheel.freePerDay} 次</Text>
        <PillLink to={props.loginHref} variant="solid" px="8">
          登录后抽奖
        </PillLink>
      </Stack>
    );
  const left = wheel.left;
  const disabled = !flow.canSpin;
  return (
    <Stack mt="5" gap="3" align="stretch">
      <Outcome {...props} />
      <Flex gap="2" wrap="wrap" justify="center">
        <Button
          colorPalette="brand"
          borderRadius="full"
          px="6"
          disabled={disabled || left.free <= 0}
          loading={flow.busy && flow.source === 'free'}
          onClick={() => props.onSpin('free')}
        >
          {left.free > 0 ? `免费抽一次（今日剩 ${left.free} 次）` : '今日免费次数已用完'}
        </Button>
        <Button
          colorPalette="brand"
          variant="outline"
          borderRadius="full"
          px="6"
          disabled={disabled || left.points <= 0}
          loading={flow.busy && flow.source === 'points'}
          onClick={() => props.onSpin('points')}
        >
          {left.points > 0 ? `用 ${wheel.spinPrice} 微豆抽一次` : '今日购买次数已用完'}
        </Button>
        {left.benefit > 0 && (
          <Button
            colorPalette="brand"
            variant="subtle"
            borderRadius="full"
            px="6"
            disabled={disabled}
            loading={flow.busy && flow.source === 'benefit'}
            onClick={() => props.onSpin('benefit')}
          >
            用权益次数抽（剩 {left.benefit} 次）
          </Button>
        )}
      </Flex>
      <Text textAlign="center" textStyle="caption.soft">
        我的微豆 {wheel.balance ?? 0} · 今天还可购买 {left.points} 次（每次 {wheel.spinPrice} 微豆）
      </Text>
    </Stack>
  );
}

const outOfSpinsText: Record<LotterySource, string> = {
  free: '今天的免费次数已用完，明天 0 点（北京时间）恢复；也可以用微豆抽一次。',
  points: '今天购买的次数已达上限，明天再来吧。',
  benefit: '权益赠送的抽奖次数已用完。',
};

function Outcome({ flow, wheel, onClose, onRetrySpin }: LotteryViewProps) {
  const close = (
    <Button size="sm" variant="ghost" onClick={onClose}>
      知道了
    </Button>
  );
  if (flow.step === 'result' && flow.outcome) {
    const s = flow.outcome.spin;
    const won = s.outcome === 'prize';
    return (
      <DrawNotice role="status" bg={won ? 'brand.50' : 'gray.50'}>
        <Text fontSize="17px" fontWeight="bold" color={won ? 'brand.700' : 'gray.700'}>
          {won ? `恭喜抽中「${s.prizeName}」` : s.outcome === 'none' ? '谢谢参与，这次没有中奖' : '这次没有中奖'}
        </Text>
        <Text mt="1" textStyle="caption.muted">
          {won
            ? s.points !== null
              ? `${s.points} 微豆已到账。`
              : s.exchangeId !== null
                ? prizeOrderText(s.rewardType)
                : '已放入「我的权益」。'
            : s.outcome === 'out_of_stock'
              ? `转盘停在「${s.prizeName}」，但它已经发完了，本次没有奖品。`
              : '每次抽奖的结果都可在下方记录中复核。'}
        </Text>
        <Flex mt="2" gap="2" justify="center" wrap="wrap">
          {won && s.exchangeId !== null && (
            <PillLink to={exchangeRecordPath(s.exchangeId)}>
              {s.rewardType === PHYSICAL ? '查看兑换单并填写收货地址' : '查看兑换单'}
            </PillLink>
          )}
          {close}
        </Flex>
      </DrawNotice>
    );
  }
  if (flow.step === 'networkError')
    return (
      <UncertainSubmit layout="draw" title={DRAW_LOST} onRetry={onRetrySpin} actions={close}>
        重试不会多抽或多扣：同一次抽奖只算一次。
      </UncertainSubmit>
    );
  if (flow.step === 'refused' || flow.step === 'outOfSpins')
    return (
      <DrawNotice role="alert" bg="gray.50">
        <Text color="gray.800">
          {flow.step === 'outOfSpins' ? outOfSpinsText[flow.source ?? 'free'] : flow.error || '暂时不能抽奖'}
        </Text>
        {/* The page re-read the wheel after the refusal: this is the balance now. */}
        {flow.step === 'refused' && wheel?.balance != null && (
          <Text mt="1" textStyle="caption.muted">
            你现在有 {wheel.balance} 微豆
          </Text>
        )}
        {close}
      </DrawNotice>
    );
  if (flow.step === 'spinning' || flow.step === 'revealing')
    return (
      <Text role="status" textAlign="center" color="gray.600">
        {flow.step === 'spinning' ? '正在抽奖…' : '转盘转动中…'}
      </Text>
    );
  return null;
}

function PrizeList({ wheel }: { wheel: LotteryOverviewData }) {
  return (
    <WhiteCard as="section" aria-labelledby="lottery-prizes" px={{ base: '4', md: '5' }} py="4">
      <Heading as="h2" id="lottery-prizes" fontSize="16px" color="ink" mb="2">
        奖品与概率
      </Heading>
      {wheel.prizes.length === 0 ? (
        <Text textStyle="caption.muted">暂无奖品</Text>
      ) : (
        <PlainList>
          {wheel.prizes.map((p: Prize) => (
            <Flex as="li" key={p.id} justify="space-between" py="1.5" gap="3" data-testid="lottery-prize">
              <Text fontSize="14px" color={p.kind === 'none' ? 'gray.500' : 'gray.800'}>
                {p.name}
                {p.stock !== null && (
                  <Text as="span" ml="2" textStyle="caption.soft">
                    {p.stock > 0 ? `剩 ${p.stock} 份` : '已发完'}
                  </Text>
                )}
              </Text>
              <Text fontSize="14px" color="gray.700" fontVariantNumeric="tabular-nums">
                {percent(p.chance)}
              </Text>
            </Flex>
          ))}
        </PlainList>
      )}
      <Text mt="2" textStyle="caption.soft">
        转盘上每格大小相同，实际概率以此表为准；奖品发完后抽中它则本次不中奖。
      </Text>
    </WhiteCard>
  );
}

function Fairness({ wheel }: { wheel: LotteryOverviewData }) {
  const t = wheel.today;
  const committedLate = t.committedAt > Date.parse(`${t.day}T00:00:00+08:00`);
  return (
    <WhiteCard as="section" aria-labelledby="lottery-fair" px={{ base: '4', md: '5' }} py="4">
      <Heading as="h2" id="lottery-fair" fontSize="16px" color="ink" mb="1">
        如何验证公平
      </Heading>
      <Stack gap="2" mb="3" fontSize="13px" color="gray.700" lineHeight="1.7">
        <Text>
          每天的结果在当天开始前就已锁定：我们先公布一串「指纹」，当天结束后再公开与它对应的系统密钥，任何人都能核对两者是否吻合，我们无法事后改动。
        </Text>
        <Text>
          每次抽奖的结果由当天的系统密钥、你的会员编号、页面为这次随机生成的数和你当天第几次抽奖共同算出：别人的结果说明不了你的结果，你也无法提前知道下一次会抽到什么。
        </Text>
        <Text>密钥公开后，每条抽奖记录都能一键复核（记录下的「如何验证这次结果」）。</Text>
      </Stack>
      <TechDetails summary="技术细节：公式与今天的指纹">
        <Text>
          结果 = HMAC-SHA256(当天种子, 「wheel|会员编号|会员种子|序号」) 的前 13
          位十六进制数除以总权重的余数，落在哪个奖品的累计权重区间就是哪个奖品；种子的 SHA-256 即「指纹」。
        </Text>
        <ProofLine label={`今天（${t.day}）的种子哈希 · 公布于 ${formatDateTime(t.committedAt)}`} value={t.seedHash} />
        {committedLate && (
          <Text>今天的指纹公布得比零点晚一些，今天的每一次抽奖都在它公布之后进行，结果同样无法事后改动。</Text>
        )}
        {wheel.tomorrow && (
          <ProofLine label={`明天（${wheel.tomorrow.day}）的种子哈希`} value={wheel.tomorrow.seedHash} />
        )}
        {wheel.yesterday?.seed && (
          <ProofLine label={`昨天（${wheel.yesterday.day}）公开的种子`} value={wheel.yesterday.seed} />
        )}
      </TechDetails>
    </WhiteCard>
  );
}

const PHYSICAL = ExchangeType.values.PHYSICAL;

/** A coupon or physical prize is an exchange order: where it is and what happens next. */
function prizeOrderText(rewardType: number | null): string {
  return rewardType === PHYSICAL
    ? '已生成兑换单（0 微豆）。请确认收货地址，审核通过后寄出，进度见「兑换记录」。'
    : '已生成兑换单（0 微豆），审核通过后券码显示在「兑换记录」里。';
}

function outcomeText(s: LotterySpinData): string {
  if (s.outcome === 'prize') return s.points !== null ? `抽中 ${s.points} 微豆` : `抽中「${s.prizeName}」`;
  if (s.outcome === 'none') return '谢谢参与';
  return `抽中「${s.prizeName}」但已发完，未中奖`;
}

function Records({ records, checks, onVerify }: LotteryViewProps & { records: SpinRecords }) {
  const { items, ...list } = records;
  return (
    <ListCard as="section" aria-labelledby="lottery-records">
      <Heading as="h2" id="lottery-records" fontSize="16px" color="ink" px={{ base: '4', md: '5' }} pt="4" pb="1">
        我的抽奖记录
      </Heading>
      <PagedListBody {...list} empty={{ title: '还没有抽奖记录', description: '转一次试试手气吧' }}>
        <PlainList>
          {items.map((s) => {
            return (
              <Box
                as="li"
                key={s.id}
                px={{ base: '4', md: '5' }}
                py="3"
                borderTop="1px solid"
                borderColor="gray.100"
                data-testid="lottery-record"
              >
                <Flex justify="space-between" gap="3" align="baseline" wrap="wrap">
                  <Flex gap="2" align="center">
                    <Text
                      fontSize="15px"
                      fontWeight="semibold"
                      color={s.outcome === 'prize' ? 'brand.700' : 'gray.700'}
                    >
                      {outcomeText(s)}
                    </Text>
                    <Badge variant="subtle" colorPalette="gray">
                      {lotterySourceLabel[s.source]}
                      {s.cost > 0 ? ` −${s.cost} 微豆` : ''}
                    </Badge>
                  </Flex>
                  <Text textStyle="caption.soft">{formatDateTime(s.createdAt)}</Text>
                </Flex>
                {s.exchangeId !== null && (
                  <Text mt="1" fontSize="13px">
                    <RouterLink to={exchangeRecordPath(s.exchangeId)}>
                      <Box as="span" color="brand.700" textDecoration="underline">
                        兑换单 {s.exchangeId}：在「兑换记录」查看进度
                      </Box>
                    </RouterLink>
                  </Text>
                )}
                <DrawProofDetails
                  proof={s.verification}
                  table={s.verification.table.map((e) => `${e.name} ${e.weight}`).join('，')}
                  check={checks[s.id]}
                  onVerify={() => onVerify(s)}
                />
              </Box>
            );
          })}
        </PlainList>
      </PagedListBody>
    </ListCard>
  );
}
