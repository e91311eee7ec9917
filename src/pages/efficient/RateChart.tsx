import { Box } from '@chakra-ui/react';
import { formatRate } from '../../components/quality/LevelBadge';

export interface RateMonth {
  month: string;
  counted: number;
  rate: number | null;
}

const W = 400;
const H = 190;
const PAD = { top: 24, right: 8, bottom: 28, left: 44 };

/**
 * The valid-answer rate month by month, as plain SVG bars (no chart library: six bars do not need
 * one). A month without counted answers shows an empty slot marked 无. Scales with its box.
 */
export function RateChart({ months }: { months: readonly RateMonth[] }) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, months.length);
  const barW = Math.min(40, slot * 0.55);
  const y = (r: number) => PAD.top + innerH * (1 - r);
  const label = months
    .map((m) => `${Number(m.month.slice(5))}月 ${m.rate === null ? '无答卷' : formatRate(m.rate)}`)
    .join('，');
  return (
    <Box w="full" maxW="560px" mx="auto">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={`每月有效率：${label}`}
        style={{ display: 'block' }}
      >
        {[0, 0.5, 1].map((g) => (
          <g key={g}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(g)}
              y2={y(g)}
              stroke="#E2E8F0"
              strokeDasharray={g === 0 ? undefined : '4 4'}
            />
            <text x={2} y={y(g) + 4} textAnchor="start" fontSize="11" fill="#718096">
              {g * 100}%
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const cx = PAD.left + slot * i + slot / 2;
          const rate = m.rate ?? 0;
          const color = m.rate === null ? '#CBD5E0' : m.rate >= 0.9 ? '#38A169' : m.rate >= 0.7 ? '#3182CE' : '#DD6B20';
          return (
            <g key={m.month} data-testid="chart-bar">
              {m.rate !== null && (
                <rect
                  x={cx - barW / 2}
                  y={y(rate)}
                  width={barW}
                  height={Math.max(1, innerH * rate)}
                  rx="4"
                  fill={color}
                />
              )}
              <text
                x={cx}
                y={m.rate === null ? y(0) - 6 : y(rate) - 6}
                textAnchor="middle"
                fontSize="12"
                fill={m.rate === null ? '#A0AEC0' : '#2D3748'}
              >
                {m.rate === null ? '无' : formatRate(m.rate)}
              </text>
              <text x={cx} y={H - 8} textAnchor="middle" fontSize="12" fill="#718096">
                {Number(m.month.slice(5))}月
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
