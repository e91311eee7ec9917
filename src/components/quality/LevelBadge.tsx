import { Badge } from '@chakra-ui/react';
import { QUALITY_LEVELS } from '../../../openapi/rules/quality';

const PALETTE = ['gray', 'orange', 'blue', 'green'] as const;

/** A quality level's name as a badge (见习 / 待提升 / 良好 / 优秀), the palette rising with the level. */
export function LevelBadge({ level, size = 'md' }: { level: number; size?: 'sm' | 'md' | 'lg' }) {
  const rule = QUALITY_LEVELS.find((l) => l.level === level) ?? QUALITY_LEVELS[0];
  return (
    <Badge
      colorPalette={PALETTE[rule.level]}
      variant="solid"
      size={size}
      borderRadius="full"
      px="2.5"
      data-testid="level-badge"
    >
      {rule.name}
    </Badge>
  );
}

/** A rate (0–1) as members read it: `86%`, or — when nothing was counted. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}
