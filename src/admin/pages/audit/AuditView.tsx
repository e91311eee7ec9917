import { Box, Button, chakra, Code, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../components/ListStates';
import { FormAlert } from '../../../components/auth/formParts';
import { nativeFieldStyle } from '../../../components/nativeFieldStyle';
import type { AuditEntry, AuditFilter } from '../../flows/audit';

const FieldInput = chakra('input', {
  base: { ...nativeFieldStyle, height: '40px', fontSize: '14px', px: '3', width: '100%' },
});

export type AuditVerifyState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'intact'; rows: number }
  | { kind: 'broken'; rows: number; firstBrokenId: number | null; problem: string | null }
  | { kind: 'failed'; message: string };

export type AuditExportState =
  | { kind: 'idle' }
  | { kind: 'exporting' }
  | { kind: 'done'; rows: number; total: number }
  | { kind: 'failed'; message: string };

export interface AuditViewProps {
  /** The filter being typed; `onSearch` applies it. */
  draft: AuditFilter;
  status: 'loading' | 'ready' | 'error';
  rows: AuditEntry[];
  total: number;
  page: number;
  pageCount: number;
  error: string | null;
  /** The row whose details are open. */
  openId: number | null;
  verify: AuditVerifyState;
  exporting: AuditExportState;
  onDraft: (field: keyof AuditFilter, value: string) => void;
  onSearch: () => void;
  onReset: () => void;
  onPage: (page: number) => void;
  onToggle: (id: number) => void;
  onRetry: () => void;
  onVerify: () => void;
  onExport: () => void;
}

/** What staff read for a target type; an unknown type as the server named it. */
const TARGET_LABELS: Record<string, string> = { staff: '员工', member: '会员', order: '订单', ticket: '工单', setting: '站点设置' };
const targetText = (type: string | null, id: string | null) => (type ? `${TARGET_LABELS[type] ?? type} ${id ?? ''}` : '');

const shanghai = (ms: number) => new Date(ms).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

/** A before/after value as indented JSON (or 无 when there is none). */
export const readable = (value: unknown) =>
  value === null || value === undefined ? '无' : JSON.stringify(value, null, 2);

const FILTER_FIELDS: { field: keyof AuditFilter; label: string; type?: string; placeholder?: string }[] = [
  { field: 'staff', label: '员工登录名', placeholder: '如 demo.admin' },
  { field: 'operation', label: '操作', placeholder: '操作 id，如 setStaffRoles' },
  { field: 'targetType', label: '对象类型', placeholder: '如 staff、member' },
  { field: 'targetId', label: '对象编号' },
  { field: 'from', label: '开始时间', type: 'datetime-local' },
  { field: 'to', label: '截止时间', type: 'datetime-local' },
];

function VerifyResult({ verify }: { verify: AuditVerifyState }) {
  if (verify.kind === 'intact') return <FormAlert tone="info">哈希链完好（{verify.rows} 行）</FormAlert>;
  if (verify.kind === 'broken')
    return (
      <FormAlert>
        哈希链在第 {verify.firstBrokenId ?? '?'} 行处断开（已检查 {verify.rows} 行）：{verify.problem ?? '原因不明'}
      </FormAlert>
    );
  if (verify.kind === 'failed') return <FormAlert>校验失败：{verify.message}</FormAlert>;
  return null;
}

function ExportResult({ exporting }: { exporting: AuditExportState }) {
  if (exporting.kind === 'done')
    return (
      <FormAlert tone="info">
        已导出 {exporting.rows} 行
        {exporting.total > exporting.rows
          ? `（共 ${exporting.total} 行，单次最多导出 ${exporting.rows} 行，请缩小筛选范围）`
          : ''}
      </FormAlert>
    );
  if (exporting.kind === 'failed') return <FormAlert>导出失败：{exporting.message}</FormAlert>;
  return null;
}

/** 审计日志: filters, the paged rows, a row's details, CSV export and the hash-chain check. */
export function AuditView(props: AuditViewProps) {
  const { draft, status, rows, total, page, pageCount, openId, verify, exporting } = props;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSearch();
  };
  return (
    <Stack gap="4">
      <Flex
        justify="space-between"
        align={{ base: 'flex-start', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
        gap="3"
      >
        <Heading as="h1" size="xl">
          审计日志
        </Heading>
        <HStack gap="2" flexWrap="wrap">
          <Button
            size="sm"
            variant="outline"
            onClick={props.onExport}
            loading={exporting.kind === 'exporting'}
            loadingText="正在导出…"
          >
            导出 CSV
          </Button>
          <Button
            size="sm"
            colorPalette="brand"
            onClick={props.onVerify}
            loading={verify.kind === 'checking'}
            loadingText="正在校验…"
          >
            校验哈希链
          </Button>
        </HStack>
      </Flex>
      <VerifyResult verify={verify} />
      <ExportResult exporting={exporting} />
      <Box
        as="form"
        onSubmit={submit}
        aria-label="筛选"
        bg="white"
        p="4"
        borderRadius="lg"
        borderWidth="1px"
        borderColor="gray.200"
      >
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
          {FILTER_FIELDS.map(({ field, label, type, placeholder }) => (
            <Box as="label" key={field} display="block">
              <Text fontSize="13px" color="gray.600" mb="1">
                {label}
              </Text>
              <FieldInput
                type={type ?? 'text'}
                name={field}
                value={draft[field]}
                placeholder={placeholder}
                onChange={(e) => props.onDraft(field, e.target.value)}
              />
            </Box>
          ))}
        </SimpleGrid>
        <HStack gap="2" mt="3">
          <Button type="submit" size="sm" colorPalette="brand">
            查询
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={props.onReset}>
            重置
          </Button>
        </HStack>
      </Box>
      {status === 'loading' ? (
        <LoadingState paddingTop={40} />
      ) : status === 'error' ? (
        <ErrorState
          title="审计日志加载失败"
          description={props.error ?? undefined}
          onRetry={props.onRetry}
          paddingTop={40}
        />
      ) : rows.length === 0 ? (
        <Text color="gray.600" py="6" textAlign="center">
          没有符合条件的记录
        </Text>
      ) : (
        <Stack gap="0" bg="white" borderRadius="lg" borderWidth="1px" borderColor="gray.200" overflow="hidden">
          {rows.map((r) => {
            const open = openId === r.id;
            return (
              <Box key={r.id} borderBottomWidth="1px" borderColor="gray.100" data-testid="audit-row">
                <chakra.button
                  type="button"
                  width="100%"
                  textAlign="left"
                  px="4"
                  py="3"
                  _hover={{ bg: 'gray.50' }}
                  aria-expanded={open}
                  onClick={() => props.onToggle(r.id)}
                >
                  <Flex gap={{ base: '1', md: '4' }} direction={{ base: 'column', md: 'row' }} fontSize="14px">
                    <Text color="gray.600" flexShrink={0} width={{ md: '170px' }}>
                      {shanghai(r.at)}
                    </Text>
                    <Text flexShrink={0} width={{ md: '140px' }} truncate>
                      {r.staffLogin}
                      {r.channel === 'cli' && (
                        <Text as="span" color="gray.500" ms="1">
                          （命令行）
                        </Text>
                      )}
                    </Text>
                    <Text fontWeight="semibold" flex="1" minW="0">
                      {r.operationName}
                    </Text>
                    <Text color="gray.600" flexShrink={0}>
                      {targetText(r.targetType, r.targetId)}
                    </Text>
                  </Flex>
                </chakra.button>
                {open && (
                  <Stack gap="2" px="4" pb="4" fontSize="13px" data-testid="audit-detail">
                    <Text>
                      编号 {r.id} · 操作 {r.operation} · 角色 {r.staffRoles.join('、') || '无'}
                    </Text>
                    {r.reason && <Text>原因：{r.reason}</Text>}
                    <Text color="gray.600">
                      IP {r.ip ?? '未知'} · {r.userAgent ?? '未知设备'}
                    </Text>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                      {(['before', 'after'] as const).map((k) => (
                        <Box key={k} minW="0">
                          <Text fontWeight="semibold" mb="1">
                            {k === 'before' ? '变更前' : '变更后'}
                          </Text>
                          <Code
                            as="pre"
                            display="block"
                            whiteSpace="pre-wrap"
                            wordBreak="break-all"
                            p="2"
                            fontSize="12px"
                            maxH="320px"
                            overflow="auto"
                          >
                            {readable(r[k])}
                          </Code>
                        </Box>
                      ))}
                    </SimpleGrid>
                    <Text color="gray.500" wordBreak="break-all">
                      哈希 {r.hash}
                    </Text>
                  </Stack>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      {status === 'ready' && total > 0 && (
        <Flex justify="space-between" align="center" gap="2" flexWrap="wrap">
          <Text fontSize="14px" color="gray.600">
            第 {page} / {pageCount} 页，共 {total} 条
          </Text>
          <HStack gap="2">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
              上一页
            </Button>
            <Button size="sm" variant="outline" disabled={page >= pageCount} onClick={() => props.onPage(page + 1)}>
              下一页
            </Button>
          </HStack>
        </Flex>
      )}
    </Stack>
  );
}
