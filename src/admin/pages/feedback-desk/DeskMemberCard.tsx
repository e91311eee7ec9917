import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { DeskTicket } from '../../../../machines/ticketDesk';
import { ExchangeState, JoinResult } from '../../../../openapi/enums';
import { qualityLevelName } from '../../../../openapi/rules/quality';
import { formatDate } from '../../../components/shanghaiTime';

export interface DeskMemberCardProps {
  member: DeskTicket['member'];
  context: DeskTicket['context'];
  /** The member's 360 page, when the console has it. */
  memberHref?: string;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <HStack justify="space-between" gap="3" fontSize="13px">
      <Text color="gray.600" flexShrink={0}>
        {label}
      </Text>
      <Text textAlign="end" minW="0">
        {value}
      </Text>
    </HStack>
  );
}

function Recent({ title, rows }: { title: string; rows: { key: number; name: string; detail: string }[] }) {
  return (
    <Stack gap="1.5">
      <Text fontSize="13px" fontWeight="semibold" color="gray.700">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text fontSize="13px" color="gray.500">
          暂无
        </Text>
      ) : (
        <Stack as="ul" gap="1.5" listStyleType="none" m="0" p="0">
          {rows.map((r) => (
            <Box as="li" key={r.key} fontSize="13px">
              <Text lineClamp={1}>{r.name}</Text>
              <Text color="gray.500" fontSize="12px">
                {r.detail}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The member beside a ticket: who they are (mobile masked), their levels, recent tasks and exchanges. */
export function DeskMemberCard({ member, context, memberHref }: DeskMemberCardProps) {
  return (
    <Stack
      as="aside"
      aria-label="会员情况"
      gap="3"
      p="4"
      bg="white"
      borderRadius="lg"
      borderWidth="1px"
      borderColor="gray.200"
      data-testid="member-context"
    >
      <HStack justify="space-between" gap="2">
        <Heading as="h3" size="sm">
          会员情况
        </Heading>
        {memberHref && (
          <Button asChild size="xs" variant="outline">
            <RouterLink to={memberHref}>查看会员</RouterLink>
          </Button>
        )}
      </HStack>
      <Stack gap="1">
        <Fact label="昵称" value={member.nickname} />
        <Fact label="会员号" value={member.memberCode} />
        <Fact label="手机号" value={member.mobile ?? '未绑定'} />
        <Fact label="权益等级" value={`${context.level} 级`} />
        <Fact label="答题质量" value={qualityLevelName(context.qualityLevel)} />
        <Fact label="注册日期" value={formatDate(context.registeredAt)} />
      </Stack>
      <Recent
        title="最近参与的任务"
        rows={context.participations.map((p) => ({
          key: p.id,
          name: p.taskTitle,
          detail: `${formatDate(p.startedAt)} · ${JoinResult.labels[p.joinResult]}${p.points ? ` · ${p.points} 微豆` : ''}`,
        }))}
      />
      <Recent
        title="最近的兑换"
        rows={context.exchanges.map((e) => ({
          key: e.id,
          name: e.title,
          detail: `${formatDate(e.createdAt)} · ${ExchangeState.labels[e.state]} · ${e.points} 微豆`,
        }))}
      />
    </Stack>
  );
}
