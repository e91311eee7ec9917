import { Button, chakra, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MonthlyReportData, MonthlyView } from '../../../machines/monthlyReport';
import { BackHeader } from '../../components/BackHeader';
import { BrandCard } from '../../components/BrandCard';
import { MonthBarChart } from '../../components/charts/MonthBarChart';
import { rateColor } from '../../components/charts/format';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { nativeSelectStyle } from '../../components/nativeFieldStyle';
import { formatRate } from '../../components/quality/LevelBadge';
import { QualityFrame } from '../../components/quality/QualityFrame';
import { WhiteCard } from '../../components/WhiteCard';
import { EFFICIENT_PATH, TASKS_PATH } from '../../routing/paths';

export interface MonthlyReportViewProps extends MonthlyView {
  onPrev: () => void;
  onNext: () => void;
  onPick: (month: string) => void;
  onRetry: () => void;
}

const MonthSelect = chakra('select', { base: { ...nativeSelectStyle, height: '40px', width: 'auto', minW: '132px' } });

/** `2026-11` → `2026年11月`. */
export const monthName = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5))}月`;
const points = (n: number) => `${Math.round(n).toLocaleString('zh-CN')}`;
const count = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** How a figure stands against the panel median: 高于 / 低于 / 持平 (null: no median). */
export function against(mine: number | null, median: number | null): '高于' | '低于' | '持平' | null {
  if (mine === null || median === null) return null;
  const d = mine - median;
  return Math.abs(d) < 1e-9 ? '持平' : d > 0 ? '高于' : '低于';
}

function MonthBar({ month, months, canPrev, canNext, busy, onPrev, onNext, onPick }: MonthBarProps) {
  return (
    <Flex align="center" justify="center" gap="2" data-testid="month-bar">
      <Button variant="outline" size="sm" borderRadius="full" bg="white" disabled={!canPrev} onClick={onPrev}>
        ‹ 上个月
      </Button>
      <MonthSelect
        aria-label="选择月份"
        value={month ?? ''}
        disabled={busy || months.length <= 1}
        onChange={(e) => onPick(e.target.value)}
      >
        {month && !months.includes(month) && <option value={month}>{monthName(month)}</option>}
        {months.map((m) => (
          <option key={m} value={m}>
            {monthName(m)}
          </option>
        ))}
      </MonthSelect>
      <Button variant="outline" size="sm" borderRadius="full" bg="white" disabled={!canNext} onClick={onNext}>
        下个月 ›
      </Button>
    </Flex>
  );
}

interface MonthBarProps {
  month: string | null;
  months: string[];
  canPrev: boolean;
  canNext: boolean;
  busy: boolean;
  onPrev: () => void;
  onNext: () => void;
  onPick: (month: string) => void;
}

function Figure({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <Stack gap="0.5" align="center">
      <Text fontSize={{ base: '20px', md: '26px' }} fontWeight="bold" lineHeight="1.2" data-testid={testId}>
        {value}
      </Text>
      <Text textStyle="body.onBrand" fontSize="13px">
        {label}
      </Text>
    </Stack>
  );
}

function CompareRow({
  label,
  mine,
  median,
  format,
}: {
  label: string;
  mine: number | null;
  median: number | null;
  format: (n: number) => string;
}) {
  const word = against(mine, median);
  const color = word === '高于' ? 'green.600' : word === '低于' ? 'orange.600' : 'fg.muted';
  return (
    <Flex
      justify="space-between"
      align="center"
      gap="3"
      py="2"
      borderBottomWidth="1px"
      borderColor="gray.100"
      _last={{ borderBottomWidth: 0 }}
      data-testid="compare-row"
    >
      <Text>{label}</Text>
      <Flex gap="3" align="baseline">
        <Text fontWeight="semibold">{mine === null ? '—' : format(mine)}</Text>
        <Text fontSize="13px" color="fg.muted">
          中位数 {median === null ? '—' : format(median)}
        </Text>
        {word && (
          <Text fontSize="13px" fontWeight="medium" color={color} minW="3em" textAlign="right">
            {word}
          </Text>
        )}
      </Flex>
    </Flex>
  );
}

function Report({ report }: { report: MonthlyReportData }) {
  const f = report.figures;
  const all = [...report.previous, f];
  const never = all.every((m) => m.counted === 0 && m.earned === 0);
  if (never)
    return (
      <WhiteCard p={{ base: '4', md: '5' }}>
        <EmptyState
          paddingTop={32}
          title="还没有答卷记录"
          description="完成问卷后，这里会按月显示完成的任务、有效率和获得的微豆，并和全体会员比较"
          link={{ to: TASKS_PATH, label: '去做任务' }}
        />
      </WhiteCard>
    );
  const m = report.median;
  const rateWord = against(f.rate, m.rate);
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <BrandCard>
        <Heading as="h2" fontSize={{ base: '16px', md: '18px' }} fontWeight="medium" color="whiteAlpha.900">
          {monthName(report.month)}
          {report.month === report.currentMonth ? '（本月，截至现在）' : ''}
        </Heading>
        <SimpleGrid mt="4" columns={{ base: 2, md: 4 }} gap="4">
          <Figure value={`${f.counted}`} label="完成任务" testId="month-counted" />
          <Figure value={`${f.valid}`} label="有效答卷" testId="month-valid" />
          <Figure value={formatRate(f.rate)} label="有效率" testId="month-rate" />
          <Figure value={points(f.earned)} label="获得微豆" testId="month-earned" />
        </SimpleGrid>
        <Text mt="4" fontSize="14px" color="whiteAlpha.900" data-testid="month-verdict">
          {f.counted === 0
            ? '这个月还没有完成的答卷。'
            : rateWord === null
              ? '这个月还没有其他会员的答卷可比较。'
              : rateWord === '持平'
                ? `有效率与全体会员的中位数持平（${formatRate(m.rate)}）。`
                : `有效率${rateWord}全体会员的中位数（${formatRate(m.rate)}）${rateWord === '高于' ? '，继续保持！' : '，看看质量分析里的建议吧。'}`}
        </Text>
      </BrandCard>

      <WhiteCard p={{ base: '4', md: '5' }}>
        <Heading as="h2" fontSize="16px" mb="1">
          与全体会员比较
        </Heading>
        <Text fontSize="13px" color="fg.muted" mb="2">
          {m.members > 0
            ? `${monthName(report.month)}有答卷的 ${m.members} 位会员的中位数`
            : `${monthName(report.month)}还没有会员完成答卷`}
        </Text>
        <CompareRow label="完成任务" mine={f.counted} median={m.counted} format={(n) => `${count(n)} 份`} />
        <CompareRow label="有效率" mine={f.rate} median={m.rate} format={formatRate} />
        <CompareRow label="获得微豆" mine={f.earned} median={m.earned} format={points} />
      </WhiteCard>

      <WhiteCard p={{ base: '4', md: '5' }}>
        <Heading as="h2" fontSize="16px" mb="1">
          有效率：逐月对比
        </Heading>
        <Text fontSize="13px" color="fg.muted" mb="3">
          柱：我的有效率；虚线：当月全体会员的中位数
        </Text>
        <MonthBarChart
          title="有效率逐月对比"
          months={all.map((x) => ({ month: x.month, value: x.rate, median: x.medianRate }))}
          format={formatRate}
          max={1}
          ticks={[0, 0.5, 1]}
          colorOf={rateColor}
          highlight={report.month}
          noValue="无答卷"
        />
      </WhiteCard>

      <WhiteCard p={{ base: '4', md: '5' }}>
        <Heading as="h2" fontSize="16px" mb="3">
          获得微豆：逐月对比
        </Heading>
        <MonthBarChart
          title="获得微豆逐月对比"
          months={all.map((x) => ({ month: x.month, value: x.earned }))}
          format={points}
          colorOf={() => '#D69E2E'}
          highlight={report.month}
        />
      </WhiteCard>
    </Stack>
  );
}

/** `/efficient/monthly-report` 答题月报: one Beijing month against the months before and the panel median. */
export function MonthlyReportView(props: MonthlyReportViewProps) {
  const { status, report, error, onRetry } = props;
  return (
    <QualityFrame>
      <Stack gap={{ base: '3', md: '4' }}>
        <BackHeader back={{ to: EFFICIENT_PATH, label: '答题质量' }} title="答题月报" heading />
        <MonthBar {...props} busy={status === 'loading'} />
        {status === 'loading' && <LoadingState paddingTop={80} />}
        {status === 'failed' && <ErrorState paddingTop={60} description={error ?? undefined} onRetry={onRetry} />}
        {status === 'ready' && report && <Report report={report} />}
      </Stack>
    </QualityFrame>
  );
}
