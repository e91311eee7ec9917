import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { ChartSvg } from './ChartSvg';

export interface BarItem {
  label: string;
  value: number;
}

export interface HorizontalBarChartProps {
  /** What the bars are, read first by a screen reader (无效原因). */
  title: string;
  items: readonly BarItem[];
  /** The unit after each value (份). */
  unit: string;
  color?: string;
}

const W = 400;
const ROW = 34;
/** Room per character of a label (zh-CN glyphs are about 1 em wide, plus the page's letter spacing). */
const CHAR_W = 17;
const VALUE_W = 44;

/** The zh-CN sentence a screen reader reads: every bar's label and value. */
export const barChartLabel = ({ title, items, unit }: Pick<HorizontalBarChartProps, 'title' | 'items' | 'unit'>) =>
  `${title}：${items.map((i) => `${i.label} ${i.value} ${unit}`).join('，')}`;

/** Horizontal bars, one row per item, label on the left and value on the right (visx over SVG, props only). */
export function HorizontalBarChart(props: HorizontalBarChartProps) {
  const { items, unit, color = '#DD6B20' } = props;
  const H = Math.max(1, items.length) * ROW;
  const LABEL_W = Math.min(180, 12 + CHAR_W * Math.max(2, ...items.map((i) => [...i.label].length)));
  const innerW = W - LABEL_W - VALUE_W;
  const y = scaleBand<string>({ domain: items.map((i) => i.label), range: [0, H], padding: 0.35 });
  const x = scaleLinear<number>({ domain: [0, Math.max(1, ...items.map((i) => i.value))], range: [0, innerW] });
  return (
    <ChartSvg width={W} height={H} label={barChartLabel(props)} maxW="480px">
      {items.map((i) => {
        const top = y(i.label) ?? 0;
        const mid = top + y.bandwidth() / 2;
        return (
          <g key={i.label} data-testid="chart-bar">
            <text x={0} y={mid + 4} textAnchor="start" fontSize="12" fill="#2D3748">
              {i.label}
            </text>
            <rect x={LABEL_W} y={top} width={innerW} height={y.bandwidth()} rx={4} fill="#EDF2F7" />
            <Bar x={LABEL_W} y={top} width={Math.max(2, x(i.value))} height={y.bandwidth()} rx={4} fill={color} />
            <text x={W - 4} y={mid + 4} textAnchor="end" fontSize="12" fill="#718096">
              {i.value} {unit}
            </text>
          </g>
        );
      })}
    </ChartSvg>
  );
}
