import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router-dom';
import type {
  InviteInfo as InviteInfoSchema,
  Invitee as InviteeSchema,
  InviteRewardState as InviteRewardStateSchema,
} from '../../../openapi/schemas/invites';
import { QrCodeImage } from '../../components/auth/QrCodeImage';
import { Avatar } from '../../components/Avatar';
import { CopyButton } from '../../components/benefits/CopyButton';
import { formatDate } from '../../components/benefits/format';
import { BrandCard } from '../../components/BrandCard';
import { SegmentTabs } from '../../components/SegmentTabs';
import {
  ErrorState,
  LoadingState,
  ListCard,
  ListRow,
  PagedListBody,
  type PagedListProps,
} from '../../components/ListStates';
import { UsersIcon } from '../../components/icons';
import { PlainList } from '../../components/PlainList';
import { WhiteCard } from '../../components/WhiteCard';
import { CREDIT_DETAILS_PATH } from '../../routing/paths';

export type InviteInfo = z.output<typeof InviteInfoSchema>;
export type Invitee = z.output<typeof InviteeSchema>;
export type InviteRewardState = z.output<typeof InviteRewardStateSchema>;

export type InviteeFilter = 'all' | 'active' | 'inactive';

const INVITEE_FILTERS: { value: InviteeFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'active', label: '已完成首个任务' },
  { value: 'inactive', label: '未完成' },
];

export interface HomeInviteViewProps extends PagedListProps<Invitee, InviteeFilter> {
  info: { status: 'loading' | 'ready' | 'error'; data: InviteInfo | null; error?: string | null };
  onRetryInfo?: () => void;
  onCopied?: (ok: boolean) => void;
  /** The share poster page (null: not routed). */
  posterPath?: string | null;
}

/** `/home/invite` 邀请好友: my link, QR code and code, totals, rules, and my invitees with their rewards. */
export function HomeInviteView(props: HomeInviteViewProps) {
  const { info } = props;
  const d = info.data;
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <BrandCard>
        <Heading as="h1" fontSize={{ base: '20px', md: '24px' }}>
          邀请好友，一起赚微豆
        </Heading>
        <Text mt="2" fontSize="14px" color="whiteAlpha.900" lineHeight="1.7">
          {d
            ? rewardLine(d)
            : info.status === 'error'
              ? '邀请信息加载失败'
              : '好友通过你的链接注册并完成任务，你就能获得奖励'}
        </Text>
        {d && (
          <SimpleGrid mt="4" columns={{ base: 2, md: 4 }} gap="3">
            <Total label="已邀请" value={`${d.invitedCount} 人`} />
            <Total label="完成首个任务" value={`${d.activeCount} 人`} />
            <Total label="获得微豆" value={`${d.rewardPoints}`} />
            <Total label="获得权益值" value={`${d.rewardCredit}`} to={CREDIT_DETAILS_PATH} />
          </SimpleGrid>
        )}
      </BrandCard>

      <WhiteCard p={{ base: '4', md: '6' }}>
        {info.status === 'loading' && !d ? (
          <LoadingState paddingTop={20} />
        ) : !d ? (
          <ErrorState paddingTop={20} description={info.error || undefined} onRetry={props.onRetryInfo} />
        ) : (
          <ShareCard info={d} onCopied={props.onCopied} posterPath={props.posterPath ?? null} />
        )}
      </WhiteCard>

      <ListCard>
        <Heading as="h2" fontSize="17px" color="ink" px={{ base: '4', md: '6' }} pt="4">
          我邀请的好友
        </Heading>
        {d && d.withheldCount > 0 && (
          <Text px={{ base: '4', md: '6' }} pt="1" fontSize="13px" color="orange.700">
            有 {d.withheldCount} 位好友的邀请奖励未发放，原因见下方记录
          </Text>
        )}
        <SegmentTabs label="好友筛选" tabs={INVITEE_FILTERS} value={props.filter} onChange={props.onFilter} />
        <Invitees {...props} />
      </ListCard>

      {d && d.rules.length > 0 && (
        <WhiteCard p={{ base: '4', md: '6' }}>
          <Heading as="h2" fontSize="17px" color="ink" mb="3">
            活动规则
          </Heading>
          <Stack as="ol" gap="2" pl="5" m="0" listStyleType="decimal" fontSize="14px" color="gray.600" lineHeight="1.7">
            {d.rules.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </Stack>
        </WhiteCard>
      )}
    </Stack>
  );
}

/** The rewards in one sentence. */
export function rewardLine(d: InviteInfo): string {
  const mine: string[] = [];
  if (d.registerReward > 0) mine.push(`好友注册你得 ${d.registerReward} 微豆`);
  const active = [
    d.inviterReward > 0 ? `${d.inviterReward} 微豆` : '',
    d.activeCredit > 0 ? `${d.activeCredit} 权益值` : '',
  ]
    .filter(Boolean)
    .join('和 ');
  if (active) mine.push(`好友完成首个有效任务你${mine.length ? '再' : ''}得 ${active}`);
  if (d.inviteeReward > 0) mine.push(`好友注册即得 ${d.inviteeReward} 新人微豆`);
  return mine.length ? `${mine.join('；')}。` : '好友通过你的链接注册，一起做任务赚微豆。';
}

function Total({ label, value, to }: { label: string; value: string; to?: string }) {
  const body = (
    <Box bg="whiteAlpha.200" borderRadius="lg" px="3" py="2.5">
      <Text fontSize={{ base: '18px', md: '22px' }} fontWeight="bold" lineHeight="1.3">
        {value}
      </Text>
      <Text fontSize="12px" color="whiteAlpha.900">
        {label}
        {to ? ' ›' : ''}
      </Text>
    </Box>
  );
  return to ? <RouterLink to={to}>{body}</RouterLink> : body;
}

function ShareCard({
  info,
  onCopied,
  posterPath,
}: {
  info: InviteInfo;
  onCopied?: (ok: boolean) => void;
  posterPath: string | null;
}) {
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      gap={{ base: '4', md: '8' }}
      align={{ base: 'stretch', md: 'center' }}
    >
      <Stack align="center" gap="2" flexShrink={0}>
        <Box p="2" borderWidth="1px" borderColor="gray.100" borderRadius="lg" bg="white">
          <QrCodeImage value={info.inviteUrl} size={168} label="我的邀请二维码" />
        </Box>
        <Text fontSize="12px" color="gray.500">
          好友用微信或浏览器扫码注册
        </Text>
      </Stack>
      <Stack gap="4" flex="1" minW="0">
        <Box>
          <Text fontSize="13px" color="gray.500" mb="1.5">
            我的邀请链接
          </Text>
          <Flex align="center" gap="3" bg="gray.50" borderRadius="lg" px="3" py="2.5">
            <Text flex="1" minW="0" fontSize="14px" color="gray.800" wordBreak="break-all" data-testid="invite-url">
              {info.inviteUrl}
            </Text>
            <CopyButton text={info.inviteUrl} label="复制链接" onCopied={onCopied} flexShrink={0} />
          </Flex>
        </Box>
        <Box>
          <Text fontSize="13px" color="gray.500" mb="1.5">
            我的邀请码
          </Text>
          <Flex align="center" gap="3">
            <Text
              fontFamily="mono"
              fontSize="22px"
              fontWeight="bold"
              letterSpacing="0.12em"
              color="brand.700"
              data-testid="invite-code"
            >
              {info.inviteCode}
            </Text>
            <CopyButton text={info.inviteCode} label="复制邀请码" onCopied={onCopied} />
          </Flex>
          <Text mt="1" fontSize="12px" color="gray.500">
            好友注册时填写邀请码也算你的邀请
          </Text>
        </Box>
        {posterPath && (
          <Button asChild size="sm" variant="outline" colorPalette="brand" borderRadius="full" alignSelf="flex-start">
            <RouterLink to={posterPath}>生成分享海报</RouterLink>
          </Button>
        )}
      </Stack>
    </Flex>
  );
}

function Invitees({ items, ...list }: HomeInviteViewProps) {
  const { filter } = list;
  return (
    <PagedListBody
      {...list}
      paddingTop={60}
      empty={{
        icon: <UsersIcon />,
        title:
          filter === 'all'
            ? '还没有邀请到好友'
            : filter === 'active'
              ? '还没有好友完成首个任务'
              : '没有未完成首个任务的好友',
        description: filter === 'all' ? '把上面的链接或二维码分享给好友吧' : undefined,
      }}
    >
      <PlainList>
        {items.map((p) => (
          <ListRow key={p.id} data-testid="invitee-row">
            <Avatar src={p.avatar} name={p.nickname} size={40} />
            <Box flex="1" minW="0">
              <Flex align="center" gap="2" wrap="wrap">
                <Text fontSize="15px" fontWeight="medium" color="gray.800">
                  {p.nickname}
                </Text>
                {p.mobile && (
                  <Text fontSize="13px" color="gray.500">
                    {p.mobile}
                  </Text>
                )}
                {p.rewardPoints > 0 && (
                  <Text ml="auto" fontSize="15px" fontWeight="semibold" color="green.600">
                    +{p.rewardPoints} 微豆
                  </Text>
                )}
              </Flex>
              <Text mt="0.5" fontSize="12px" color="gray.500">
                {formatDate(p.registeredAt)} 注册
                {p.activatedAt !== null ? ` · ${formatDate(p.activatedAt)} 完成首个任务` : ''}
              </Text>
              <Stack mt="2" gap="1.5">
                <Reward label="注册奖励" reward={p.registerReward} />
                <Reward label="首个任务奖励" reward={p.firstTaskReward} />
              </Stack>
            </Box>
          </ListRow>
        ))}
      </PlainList>
    </PagedListBody>
  );
}

function Reward({ label, reward }: { label: string; reward: InviteRewardState }) {
  const badge =
    reward.state === 'granted' ? (
      <Badge colorPalette="green" variant="subtle" fontSize="12px">
        已发放{reward.points > 0 ? ` +${reward.points} 微豆` : ''}
      </Badge>
    ) : reward.state === 'withheld' ? (
      <Badge colorPalette="red" variant="subtle" fontSize="12px">
        未发放
      </Badge>
    ) : (
      <Badge colorPalette="gray" variant="subtle" fontSize="12px">
        等待中
      </Badge>
    );
  const note =
    reward.state === 'withheld'
      ? reward.reason || '未通过风控审核'
      : reward.state === 'waiting'
        ? '好友完成首个有效任务后发放'
        : reward.at !== null
          ? formatDate(reward.at)
          : null;
  return (
    <Flex align="center" gap="2" fontSize="12px" wrap="wrap" data-testid="invite-reward" data-state={reward.state}>
      <Text color="gray.600" minW="76px">
        {label}
      </Text>
      {badge}
      {note && <Text color={reward.state === 'withheld' ? 'red.600' : 'gray.500'}>{note}</Text>}
    </Flex>
  );
}
