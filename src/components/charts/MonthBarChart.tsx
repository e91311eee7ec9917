import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import { ChartSvg } from './ChartSvg';
import { monthLabel } from './format';

/** One month of a month-by-month chart: its value (null: nothing to show that month) and, optionally, the panel median. */
export interface MonthPoint {
  /** Beijing month YYYY-MM. */
  month: string;
  value: number | null;
  median?: number | null;
}

export interface MonthBarChartProps {
  /** What the bars are, read first by a screen reader (每月有效率). */
  title: string;
  months: readonly MonthPoint[];
  /** A value as members read it (`86%`, `1,200 微豆`). */
  format: (value: number) => string;
  /** The top of the value axis; the largest value (or median) when omitted. */
  max?: number;
  /** Ticks of the value axis, e.g. [0, 0.5, 1] for a rate. */
  ticks?: number[];
  /** A bar's colour from its value (rates: green, blue, orange by level); one colour when omitted. */
  colorOf?: (value: number) => string;
  /** The month drawn stronger (the report's month); the others paler. */
  highlight?: string;
  /** Read for a month without a value (无答卷); 无数据 when omitted. */
  noValue?: string;
}

const W = 400;
const H = 200;
const M = { top: 24, right: 8, bottom: 28, left: 44 };
const MUTED = '#718096';
const GRID = '#E2E8F0';
const MEDIAN = '#2D3748';

/** The zh-CN sentence a screen reader reads for the chart: every month with its value (and median). */
export function monthChartLabel({
  title,
  months,
  format,
  noValue = '无数据',
}: Pick<MonthBarChartProps, 'title' | 'months' | 'format' | 'noValue'>) {
  const parts = months.map((m) => {
    const v = m.value === null ? noValue : format(m.value);
    const med = m.median == null ? '' : `（中位数 ${format(m.median)}）`;
    return `${monthLabel(m.month)} ${v}${med}`;
  });
  return `${title}：${parts.join('，')}`;
}

/**
 * Vertical bars month by month (visx over SVG, props only), with an optional panel-median tick on
 * each month. A month with no value shows an empty slot marked 无. Scales with its box.
 */
export function MonthBarChart(props: MonthBarChartProps) {
  const { months, format, ticks, colorOf, highlight } = props;
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const top =
    props.max ?? Math.max(1, ...months.flatMap((m) => [m.value ?? 0, m.median ?? 0]).map((v) => Math.ceil(v * 1.15)));
  const x = scaleBand<string>({ domain: months.map((m) => m.month), range: [0, innerW], padding: 0.4 });
  const y = scaleLinear<number>({ domain: [0, top], range: [innerH, 0], nice: props.max === undefined });
  const yTicks = ticks ?? y.ticks(3);
  const barW = Math.min(40, x.bandwidth());
  return (
    <ChartSvg width={W} height={H} label={monthChartLabel(props)} maxW="560px">
      <Group left={M.left} top={M.top}>
        {yTicks.map((t) => (
          <Line
            key={t}
            from={{ x: 0, y: y(t) }}
            to={{ x: innerW, y: y(t) }}
            stroke={GRID}
            strokeDasharray={t === 0 ? undefined : '4 4'}
          />
        ))}
        {months.map((m) => {
          const cx = (x(m.month) ?? 0) + x.bandwidth() / 2;
          const faded = highlight !== undefined && highlight !== m.month;
          const barTop = m.value === null ? y(0) : y(m.value);
          return (
            <g key={m.month} data-testid="chart-bar" opacity={faded ? 0.55 : 1}>
              {m.value !== null && (
                <Bar
                  x={cx - barW / 2}
                  y={barTop}
                  width={barW}
                  height={Math.max(1, innerH - barTop)}
                  rx={4}
                  fill={colorOf ? colorOf(m.value) : '#3182CE'}
                />
              )}
              {m.median != null && (
                <Line
                  data-testid="chart-median"
                  from={{ x: cx - barW / 2 - 4, y: y(m.median) }}
                  to={{ x: cx + barW / 2 + 4, y: y(m.median) }}
                  stroke={MEDIAN}
                  strokeWidth={2}
                  strokeDasharray="3 2"
                />
              )}
              <text
                x={cx}
                y={Math.min(barTop, m.median == null ? barTop : y(m.median)) - 6}
                textAnchor="middle"
                fontSize="12"
                fill={m.value === null ? '#A0AEC0' : MEDIAN}
              >
                {m.value === null ? '无' : format(m.value)}
              </text>
            </g>
          );
        })}
        {yTicks.map((t) => (
          <text key={`y${t}`} x={-M.left + 2} y={y(t) + 4} textAnchor="start" fontSize="11" fill={MUTED}>
            {format(t)}
          </text>
        ))}
        {months.map((m) => (
          <text
            key={`x${m.month}`}
            x={(x(m.month) ?? 0) + x.bandwidth() / 2}
            y={innerH + 18}
            textAnchor="middle"
            fontSize="12"
            fill={MUTED}
          >
            {monthLabel(m.month)}
          </text>
        ))}
      </Group>
    </ChartSvg>
  );
}
