import { Badge, Box, Button, chakra, Flex, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { StaffMoveViewState } from '../../../../machines/staffMove';
import { DataTable } from '../../../components/DataTable';
import { ErrorState, LoadingState } from '../../../components/ListStates';
import { nativeFieldStyle } from '../../../components/nativeFieldStyle';
import { TotpPrompt } from '../../../components/TotpPrompt';
import type {
  Member360Data,
  MemberContactData,
  MemberLedgerEntry,
  MemberMove,
  MemberStateData,
} from '../../flows/members';
import {
  benefitKindText,
  benefitSourceText,
  benefitStatusText,
  count,
  deviceText,
  exchangeStateText,
  exchangeTypeText,
  feedbackCategoryText,
  feedbackStateText,
  ipSourceText,
  joinResultText,
  ledgerStatusText,
  loginMethodText,
  participationText,
  platformText,
  pointsStatusText,
  sessionEndText,
  signed,
  when,
} from './labels';

const Input = chakra('input', {
  base: { ...nativeFieldStyle, height: '40px', fontSize: '15px', px: '3', width: '100%' },
});
const TextArea = chakra('textarea', {
  base: { ...nativeFieldStyle, minHeight: '120px', fontSize: '15px', px: '3', py: '2', width: '100%' },
});

export interface MemberLedgerState {
  status: 'loading' | 'ready' | 'error';
  rows: MemberLedgerEntry[];
  page: number;
  pageCount: number;
  total: number;
  error: string | null;
}

export interface MemberViewProps {
  status: 'loading' | 'ready' | 'error' | 'notFound';
  member: Member360Data | null;
  error: string | null;
  /** 返回: the search the member was opened from. */
  backTo: string;
  /** Another member's page (inviter, invitees). */
  memberLink: (id: number) => string;
  /** What the signed-in staff member may do here (their permissions). */
  can: { reveal: boolean; freeze: boolean; sessions: boolean; message: boolean };
  /** The full contact, once revealed. */
  contact: MemberContactData | null;
  ledger: MemberLedgerState;
  /** The staff move under way or just made (machines/staffMove.ts). */
  move: StaffMoveViewState;
  /** The balance adjustment's control (built apart), shown with the other actions. */
  adjustAction?: ReactNode;
  onRetry: () => void;
  onLedgerPage: (page: number) => void;
  onLedgerRetry: () => void;
  onOpenMove: (move: MemberMove) => void;
  onMoveInput: (field: string, value: string) => void;
  onSubmitMove: () => void;
  onCancelMove: () => void;
  onCloseNotice: () => void;
}

const MOVE_TEXT: Record<MemberMove, { title: string; button: string; description: string; reasonLabel?: string }> = {
  reveal: {
    title: '查看完整手机号与实名信息',
    button: '查看',
    description: '完整信息只在这一页显示。每次查看都会记入审计日志：谁、何时、为什么。',
    reasonLabel: '查看原因（写入审计日志）',
  },
  freeze: {
    title: '冻结会员',
    button: '冻结',
    description:
      '冻结后会员的全部登录立即结束，不能再登录、兑换或参与任务；会员登录时会看到账号已冻结、这里填写的原因，以及通过客服邮箱申诉的方法。',
    reasonLabel: '冻结原因（会员会看到，并写入审计日志）',
  },
  unfreeze: { title: '解冻会员', button: '解冻', description: '解冻后会员可以重新登录、兑换和参与任务。' },
  endSessions: {
    title: '结束全部登录',
    button: '结束登录',
    description: '会员在所有设备上的登录立即结束，需要重新登录。账号不会被冻结。',
  },
  message: { title: '发消息', button: '发送', description: '会员会在站内「消息」里看到这条消息。' },
};

/** What the move just made did, in a sentence (the full contact shows in place instead). */
function noticeOf(move: StaffMoveViewState): string | null {
  const state = move.result as MemberStateData | null;
  switch (move.made as MemberMove | null) {
    case 'freeze':
      return `已冻结该会员，结束了 ${state?.sessionsEnded ?? 0} 个登录`;
    case 'unfreeze':
      return '已解冻该会员';
    case 'endSessions':
      return `已结束该会员的 ${state?.sessionsEnded ?? 0} 个登录`;
    case 'message':
      return '消息已发送';
    default:
      return null;
  }
}

function Section({
  title,
  extra,
  children,
  id,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="white"
      p={{ base: '3', md: '4' }}
      borderRadius="lg"
      borderWidth="1px"
      borderColor="gray.200"
      minW="0"
    >
      <Flex justify="space-between" align="baseline" gap="2" mb="2" flexWrap="wrap">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {extra && (
          <Text fontSize="13px" color="gray.600">
            {extra}
          </Text>
        )}
      </Flex>
      {children}
    </Box>
  );
}

/** 「名称：值」 lines, two columns on desktop. */
function Facts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} columnGap="6" rowGap="1" fontSize="14px">
      {items.map((item) => (
        <Flex key={item.label} gap="3" py="1" borderBottomWidth="1px" borderColor="gray.50">
          <Text as="dt" color="gray.600" flexShrink={0} width="96px">
            {item.label}
          </Text>
          <Box as="dd" minW="0" wordBreak="break-word">
            {item.value}
          </Box>
        </Flex>
      ))}
    </SimpleGrid>
  );
}

function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (p: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <Flex justify="flex-end" align="center" gap="2" mt="2" flexWrap="wrap">
      <Text fontSize="13px" color="gray.600">
        第 {page} / {pageCount} 页
      </Text>
      <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </Button>
      <Button size="xs" variant="outline" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        下一页
      </Button>
    </Flex>
  );
}

function Profile({
  member,
  contact,
  canReveal,
  onReveal,
}: {
  member: Member360Data;
  contact: MemberContactData | null;
  canReveal: boolean;
  onReveal: () => void;
}) {
  const p = member.profile;
  const revealButton =
    canReveal && !contact ? (
      <Button size="xs" variant="outline" ms="2" onClick={onReveal}>
        查看完整
      </Button>
    ) : null;
  const real = p.realName;
  return (
    <Stack gap="2">
      <Facts
        items={[
          { label: 'ID', value: p.id },
          { label: '会员编号', value: p.memberCode },
          { label: '昵称', value: p.nickname },
          {
            label: '手机号',
            value: (
              <Text as="span" data-testid="member-mobile">
                {contact ? (contact.mobile ?? '未绑定') : (p.mobile ?? '未绑定')}
                {!contact && p.mobile && revealButton}
              </Text>
            ),
          },
          { label: '邮箱', value: p.email ?? '未绑定' },
          { label: '邀请码', value: p.inviteCode },
          { label: '注册时间', value: when(p.registeredAt) },
          { label: '注册 IP', value: p.registerIp ?? '未记录' },
          {
            label: '登录密码',
            value: p.hasPassword
              ? `已设置${p.passwordChangedAt ? `（${when(p.passwordChangedAt)} 修改）` : ''}`
              : '未设置',
          },
          {
            label: '实名认证',
            value: real
              ? `${real.verified ? '已认证' : '未通过'}${real.verifiedAt ? `（${when(real.verifiedAt)}）` : ''}`
              : '未认证',
          },
          ...(real
            ? [
                {
                  label: '姓名',
                  value: (
                    <Text as="span" data-testid="member-real-name">
                      {contact?.realName ?? real.name}
                      {!contact && !p.mobile && revealButton}
                    </Text>
                  ),
                },
                {
                  label: '证件号',
                  value: (
                    <Text as="span">
                      {contact?.idNumber ?? real.idNumber}
                      {contact && !contact.idNumberComplete && (
                        <Text as="span" color="gray.500" fontSize="13px" ms="1">
                          （站点只保存了脱敏号码）
                        </Text>
                      )}
                    </Text>
                  ),
                },
              ]
            : []),
        ]}
      />
      {contact && (
        <Text fontSize="13px" color="orange.700" role="status">
          已显示完整信息，这次查看已记入审计日志
        </Text>
      )}
    </Stack>
  );
}

function Balances({ member }: { member: Member360Data }) {
  const b = member.balances;
  const tiles = [
    { label: '可用微豆', value: count(b.points) },
    { label: '待审核微豆', value: count(b.pointsPending) },
    { label: '累计收入', value: count(b.pointsIncome) },
    { label: '累计支出', value: count(b.pointsSpent) },
    { label: '权益值', value: count(b.credit) },
    { label: '累计获得权益值', value: count(b.creditEarned) },
  ];
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="2">
        {tiles.map((t) => (
          <Box key={t.label} bg="gray.50" borderRadius="md" px="3" py="2">
            <Text fontSize="12px" color="gray.600">
              {t.label}
            </Text>
            <Text
              fontSize="18px"
              fontWeight="semibold"
              data-testid={t.label === '可用微豆' ? 'member-points' : undefined}
            >
              {t.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      {member.pendingAdjustments.length > 0 && (
        <Box>
          <Text fontSize="14px" fontWeight="semibold" mb="1">
            待复核的微豆调整
          </Text>
          <DataTable
            label="待复核的微豆调整"
            rows={member.pendingAdjustments}
            rowKey={(a) => a.id}
            columns={[
              { label: '发起时间', render: (a) => when(a.requestedAt) },
              { label: '数量', render: (a) => signed(a.amount), numeric: true },
              { label: '原因', render: (a) => a.reason, wrap: true },
              { label: '发起人', render: (a) => a.requestedBy },
            ]}
          />
        </Box>
      )}
    </Stack>
  );
}

function MoveDialog(props: MemberViewProps & { member: Member360Data }) {
  const { move, member } = props;
  const which = move.editing as MemberMove | null;
  if (!which) return null;
  const text = MOVE_TEXT[which];
  const title = which === 'reveal' ? text.title : `${text.title}：${member.profile.nickname}`;
  const fields = move.fields;
  return (
    <TotpPrompt
      title={title}
      description={text.description}
      reason={move.reason}
      code={move.code}
      withCode={move.withCode}
      withReason={move.withReason}
      fieldsReady={which !== 'message' || (!!fields.title?.trim() && !!fields.content?.trim())}
      {...(text.reasonLabel ? { reasonLabel: text.reasonLabel } : {})}
      error={move.error}
      busy={move.busy}
      confirmLabel={text.button}
      onReason={(v) => props.onMoveInput('reason', v)}
      onCode={(v) => props.onMoveInput('code', v)}
      onConfirm={props.onSubmitMove}
      onCancel={props.onCancelMove}
    >
      {which === 'message' && (
        <>
          <Box as="label" display="block">
            <Text fontSize="13px" color="gray.600" mb="1">
              标题（最多 60 个字）
            </Text>
            <Input
              name="title"
              maxLength={60}
              value={fields.title ?? ''}
              onChange={(e) => props.onMoveInput('title', e.target.value)}
            />
          </Box>
          <Box as="label" display="block">
            <Text fontSize="13px" color="gray.600" mb="1">
              内容
            </Text>
            <TextArea
              name="content"
              maxLength={5000}
              value={fields.content ?? ''}
              onChange={(e) => props.onMoveInput('content', e.target.value)}
            />
          </Box>
        </>
      )}
    </TotpPrompt>
  );
}

/**
 * 会员详情 (the member 360): who the member is (mobile and ID number masked, 查看完整 for staff who
 * may), 冻结 / 解冻, 结束全部登录, 发消息 and the adjustment slot for staff who may, then every
 * section of the member's history. Tables on desktop, cards on phones.
 */
export function MemberView(props: MemberViewProps) {
  const { status, member, can, ledger, move } = props;
  const back = (
    <Link asChild fontSize="14px" color="gray.600">
      <RouterLink to={props.backTo}>‹ 返回会员查找</RouterLink>
    </Link>
  );
  if (status === 'loading' && !member)
    return (
      <Stack gap="3">
        {back}
        <LoadingState paddingTop={40} />
      </Stack>
    );
  if (status === 'notFound')
    return (
      <Stack gap="3" align="flex-start">
        {back}
        <Heading as="h1" size="lg">
          会员不存在
        </Heading>
        <Text color="gray.700">没有这个会员，请回到会员查找重新查找。</Text>
      </Stack>
    );
  if (!member)
    return (
      <Stack gap="3">
        {back}
        <ErrorState
          title="会员信息加载失败"
          description={props.error ?? undefined}
          onRetry={props.onRetry}
          paddingTop={40}
        />
      </Stack>
    );

  const p = member.profile;
  const notice = noticeOf(move);
  const link = (id: number, text: string) => (
    <Link asChild color="brand.600">
      <RouterLink to={props.memberLink(id)}>{text}</RouterLink>
    </Link>
  );
  const hasActions = can.freeze || can.sessions || can.message || !!props.adjustAction;

  return (
    <Stack gap="4">
      {back}
      <Flex
        justify="space-between"
        align={{ base: 'flex-start', md: 'center' }}
        gap="3"
        direction={{ base: 'column', md: 'row' }}
      >
        <Box>
          <HStack gap="2" flexWrap="wrap">
            <Heading as="h1" size="xl">
              {p.nickname}
            </Heading>
            {member.frozen ? <Badge colorPalette="red">已冻结</Badge> : <Badge colorPalette="green">正常</Badge>}
          </HStack>
          <Text fontSize="14px" color="gray.600">
            会员编号 {p.memberCode} · ID {p.id} · 注册于 {when(p.registeredAt)}
          </Text>
        </Box>
        {hasActions && (
          <HStack gap="2" flexWrap="wrap" aria-label="操作" role="group">
            {can.freeze &&
              (member.frozen ? (
                <Button size="sm" variant="outline" onClick={() => props.onOpenMove('unfreeze')}>
                  解冻
                </Button>
              ) : (
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => props.onOpenMove('freeze')}>
                  冻结
                </Button>
              ))}
            {can.sessions && (
              <Button size="sm" variant="outline" onClick={() => props.onOpenMove('endSessions')}>
                结束全部登录
              </Button>
            )}
            {can.message && (
              <Button size="sm" variant="outline" onClick={() => props.onOpenMove('message')}>
                发消息
              </Button>
            )}
            {props.adjustAction}
          </HStack>
        )}
      </Flex>
      {member.frozen && (
        <Box role="alert" bg="red.50" borderWidth="1px" borderColor="red.200" borderRadius="lg" p="3" fontSize="14px">
          <Text fontWeight="semibold" color="red.700">
            已冻结（{when(member.frozen.at)}）
          </Text>
          <Text color="red.800">原因：{member.frozen.reason || '未填写'}</Text>
          <Text color="gray.700" fontSize="13px">
            会员不能登录、兑换或参与任务，登录时会看到账号已冻结、冻结原因和申诉方法。
          </Text>
        </Box>
      )}
      {notice && (
        <Flex
          role="status"
          align="center"
          justify="space-between"
          gap="2"
          bg="green.50"
          borderWidth="1px"
          borderColor="green.200"
          borderRadius="lg"
          px="3"
          py="2"
        >
          <Text fontSize="14px" color="green.800">
            {notice}
          </Text>
          <Button size="xs" variant="ghost" onClick={props.onCloseNotice}>
            知道了
          </Button>
        </Flex>
      )}

      <Section title="资料" id="member-profile">
        <Profile
          member={member}
          contact={props.contact}
          canReveal={can.reveal}
          onReveal={() => props.onOpenMove('reveal')}
        />
      </Section>

      <Section title="余额" id="member-balances">
        <Balances member={member} />
      </Section>

      <Section title="微豆流水" id="member-ledger" extra={`共 ${ledger.total} 条`}>
        {ledger.status === 'error' ? (
          <ErrorState
            title="流水加载失败"
            description={ledger.error ?? undefined}
            onRetry={props.onLedgerRetry}
            paddingTop={8}
          />
        ) : ledger.status === 'loading' ? (
          <LoadingState paddingTop={8} />
        ) : (
          <DataTable
            label="微豆流水"
            rows={ledger.rows}
            rowKey={(r) => r.id}
            rowTestId="ledger-row"
            empty="还没有微豆流水"
            columns={[
              { label: '时间', render: (r) => when(r.createdAt) },
              { label: '类型', render: (r) => r.reasonLabel },
              { label: '说明', render: (r) => r.description, wrap: true },
              { label: '数量', render: (r) => signed(r.amount), numeric: true },
              { label: '余额', render: (r) => count(r.balanceAfter), numeric: true },
              { label: '状态', render: (r) => ledgerStatusText(r.status) },
            ]}
          />
        )}
        <Pager page={ledger.page} pageCount={ledger.pageCount} onPage={props.onLedgerPage} />
      </Section>

      <Section title="任务参与" id="member-tasks" extra={`最近 ${member.participations.length} 次`}>
        <DataTable
          label="任务参与"
          rows={member.participations}
          rowKey={(r) => r.id}
          empty="还没有参与过任务"
          columns={[
            { label: '开始时间', render: (r) => when(r.startedAt) },
            { label: '任务', render: (r) => r.taskTitle, wrap: true },
            { label: '状态', render: (r) => participationText(r.status) },
            { label: '参与结果', render: (r) => joinResultText(r.joinResult) },
            {
              label: '微豆',
              render: (r) => `${count(r.points)}（${pointsStatusText(r.pointsStatus)}）`,
              numeric: true,
            },
            { label: 'IP', render: (r) => r.ip ?? '—' },
            { label: '设备号', render: (r) => r.deviceId ?? '—' },
          ]}
        />
      </Section>

      <Section title="兑换" id="member-exchanges" extra={`最近 ${member.exchanges.length} 笔`}>
        <DataTable
          label="兑换"
          rows={member.exchanges}
          rowKey={(r) => r.id}
          empty="还没有兑换记录"
          columns={[
            { label: '时间', render: (r) => when(r.createdAt) },
            { label: '商品', render: (r) => r.title, wrap: true },
            { label: '类型', render: (r) => exchangeTypeText(r.rewardType) },
            { label: '微豆', render: (r) => count(r.points), numeric: true },
            { label: '状态', render: (r) => exchangeStateText(r.state) },
            { label: '说明', render: (r) => r.reason ?? '—', wrap: true },
          ]}
        />
      </Section>

      <Section title="权益" id="member-benefits">
        <DataTable
          label="权益"
          rows={member.benefits}
          rowKey={(r) => r.id}
          empty="没有持有的权益"
          columns={[
            { label: '名称', render: (r) => r.name, wrap: true },
            { label: '种类', render: (r) => benefitKindText(r.kind) },
            { label: '来源', render: (r) => benefitSourceText(r.source) },
            { label: '状态', render: (r) => benefitStatusText(r.status) },
            { label: '获得时间', render: (r) => when(r.obtainedAt) },
            { label: '到期', render: (r) => (r.expiresAt ? when(r.expiresAt) : '长期有效') },
          ]}
        />
      </Section>

      <Section title="邀请" id="member-invites" extra={`邀请了 ${member.invites.inviteeCount} 人`}>
        <Text fontSize="14px" mb="2">
          邀请人：
          {member.invites.inviter
            ? link(
                member.invites.inviter.id,
                `${member.invites.inviter.nickname}（${member.invites.inviter.memberCode}）`,
              )
            : '无（自行注册）'}
        </Text>
        <DataTable
          label="被邀请人"
          rows={member.invites.invitees}
          rowKey={(r) => r.id}
          empty="还没有邀请过别人"
          columns={[
            { label: '会员编号', render: (r) => link(r.id, r.memberCode) },
            { label: '昵称', render: (r) => r.nickname },
            { label: '注册时间', render: (r) => when(r.registeredAt) },
            { label: '注册 IP', render: (r) => r.registerIp ?? '未记录' },
          ]}
        />
      </Section>

      <Section title="反馈工单" id="member-tickets">
        <DataTable
          label="反馈工单"
          rows={member.feedback}
          rowKey={(r) => r.id}
          empty="没有反馈工单"
          columns={[
            { label: '提交时间', render: (r) => when(r.createdAt) },
            { label: '分类', render: (r) => feedbackCategoryText(r.category) },
            { label: '状态', render: (r) => feedbackStateText(r.state) },
            { label: '内容摘要', render: (r) => r.excerpt, wrap: true },
            { label: '更新时间', render: (r) => when(r.updatedAt) },
          ]}
        />
      </Section>

      <Section title="设备与 IP" id="member-devices">
        <Stack gap="3">
          <DataTable
            label="出现过的 IP"
            rows={member.devicesAndIps.ips}
            rowKey={(r) => r.ip}
            empty="没有记录到 IP"
            columns={[
              { label: 'IP', render: (r) => r.ip },
              { label: '出现在', render: (r) => ipSourceText(r.from) },
              { label: '次数', render: (r) => count(r.seen), numeric: true },
              { label: '最近一次', render: (r) => when(r.lastAt) },
            ]}
          />
          <DataTable
            label="做任务的设备"
            rows={member.devicesAndIps.devices}
            rowKey={(r) => r.deviceId}
            empty="没有记录到设备"
            columns={[
              { label: '设备号', render: (r) => r.deviceId },
              { label: '次数', render: (r) => count(r.seen), numeric: true },
              { label: '最近一次', render: (r) => when(r.lastAt) },
            ]}
          />
        </Stack>
      </Section>

      <Section title="第三方账号" id="member-social">
        <DataTable
          label="第三方账号"
          rows={member.socialBindings}
          rowKey={(r) => r.platform}
          empty="没有绑定第三方账号"
          columns={[
            { label: '平台', render: (r) => platformText(r.platform) },
            { label: '昵称', render: (r) => r.nickname ?? '—' },
            { label: '绑定时间', render: (r) => when(r.boundAt) },
          ]}
        />
      </Section>

      <Section title="登录记录" id="member-sessions" extra="最近 20 次">
        <DataTable
          label="登录记录"
          rows={member.sessions}
          rowKey={(r) => `${r.id}-${r.startedAt}`}
          rowTestId="session-row"
          empty="没有登录记录"
          columns={[
            { label: '登录时间', render: (r) => when(r.startedAt) },
            { label: '方式', render: (r) => loginMethodText(r.method) },
            { label: 'IP', render: (r) => r.ip ?? '未记录' },
            {
              label: '设备',
              render: (r) => (
                <Text as="span" title={r.userAgent ?? undefined}>
                  {deviceText(r.userAgent)}
                </Text>
              ),
            },
            {
              label: '状态',
              render: (r) =>
                r.active ? (
                  <Badge colorPalette="green">有效</Badge>
                ) : r.revokedReason ? (
                  `已结束：${sessionEndText(r.revokedReason)}`
                ) : (
                  '已过期'
                ),
            },
            { label: '到期时间', render: (r) => when(r.expiresAt) },
          ]}
        />
      </Section>

      <MoveDialog {...props} member={member} />
    </Stack>
  );
}
