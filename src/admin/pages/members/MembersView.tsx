import { Badge, Box, Button, chakra, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ListStates';
import { nativeFieldStyle } from '../../../components/nativeFieldStyle';
import type { MemberSearchHit } from '../../flows/members';
import { count, matchedByText, when } from './labels';

const SearchInput = chakra('input', {
  base: { ...nativeFieldStyle, height: '40px', fontSize: '15px', px: '3', width: '100%' },
});

export interface MembersViewProps {
  /** The words being typed. */
  draft: string;
  /** The words searched for (empty: nothing searched yet). */
  query: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  rows: MemberSearchHit[];
  total: number;
  page: number;
  pageCount: number;
  error: string | null;
  /** A member's page. */
  memberLink: (id: number) => string;
  /** Handed to a member's page, so its 返回 comes back to these results. */
  linkState?: unknown;
  onDraft: (value: string) => void;
  onSearch: () => void;
  onPage: (page: number) => void;
  onRetry: () => void;
}

export const SEARCH_HINT = '可输入手机号、会员编号、ID、昵称或邀请码';

/** 会员: one search box, the results a page at a time; a result opens the member. */
export function MembersView(props: MembersViewProps) {
  const { draft, query, status, rows, total, page, pageCount, memberLink, linkState } = props;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim()) props.onSearch();
  };
  const open = (m: MemberSearchHit, text: string) => (
    <Link asChild color="brand.600" fontWeight="semibold">
      <RouterLink to={memberLink(m.id)} state={linkState}>
        {text}
      </RouterLink>
    </Link>
  );
  const columns: DataColumn<MemberSearchHit>[] = [
    { label: '会员编号', render: (m) => open(m, m.memberCode) },
    { label: '昵称', render: (m) => open(m, m.nickname) },
    { label: '手机号', render: (m) => m.mobile ?? '未绑定' },
    { label: '可用微豆', render: (m) => count(m.balance), numeric: true },
    { label: '注册时间', render: (m) => when(m.registeredAt) },
    {
      label: '状态',
      render: (m) => (m.frozen ? <Badge colorPalette="red">已冻结</Badge> : <Badge colorPalette="green">正常</Badge>),
    },
    { label: '匹配', render: (m) => <Text color="gray.600">{matchedByText(m.matchedBy)}</Text> },
  ];
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        会员
      </Heading>
      <Box
        as="form"
        role="search"
        aria-label="查找会员"
        onSubmit={submit}
        bg="white"
        p="4"
        borderRadius="lg"
        borderWidth="1px"
        borderColor="gray.200"
      >
        <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
          <Box as="label" display="block" flex="1">
            <Text srOnly>查找会员</Text>
            <SearchInput
              name="q"
              type="search"
              value={draft}
              maxLength={40}
              placeholder="输入要查找的会员"
              onChange={(e) => props.onDraft(e.target.value)}
            />
          </Box>
          <Button type="submit" colorPalette="brand" disabled={!draft.trim()}>
            查找
          </Button>
        </Flex>
        <Text fontSize="13px" color="gray.600" mt="2">
          {SEARCH_HINT}。手机号需完整 11 位，昵称按开头查找。
        </Text>
      </Box>
      {status === 'idle' ? null : status === 'loading' ? (
        <LoadingState paddingTop={40} />
      ) : status === 'error' ? (
        <ErrorState title="查找失败" description={props.error ?? undefined} onRetry={props.onRetry} paddingTop={40} />
      ) : rows.length === 0 ? (
        <EmptyState title="没有找到会员" description={`没有与「${query}」相符的会员，请核对后再试`} paddingTop={40} />
      ) : (
        <>
          <Box bg="white" p={{ base: '3', md: '2' }} borderRadius="lg" borderWidth="1px" borderColor="gray.200">
            <DataTable label="查找结果" columns={columns} rows={rows} rowKey={(m) => m.id} rowTestId="member-hit" />
          </Box>
          <Flex justify="space-between" align="center" gap="2" flexWrap="wrap">
            <Text fontSize="14px" color="gray.600">
              第 {page} / {pageCount} 页，共 {total} 位会员
            </Text>
            {pageCount > 1 && (
              <HStack gap="2">
                <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
                  上一页
                </Button>
                <Button size="sm" variant="outline" disabled={page >= pageCount} onClick={() => props.onPage(page + 1)}>
                  下一页
                </Button>
              </HStack>
            )}
          </Flex>
        </>
      )}
    </Stack>
  );
}
