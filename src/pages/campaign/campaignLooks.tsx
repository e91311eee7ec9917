import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { CampaignTheme } from '../../../openapi/rules/campaign';

/**
 * What each campaign theme (set by the operator, openapi/rules/campaign.ts) looks like: the header's
 * colours and its art, drawn with CSS and inline SVG (no image to fetch), the accent of the draw
 * button and prize cells, and the words of the draw. White text on every header background reads
 * at 4.5:1 or more.
 */
export interface CampaignLook {
  /** The header's background (a CSS gradient). */
  background: string;
  /** The small line over the title. */
  kicker: string;
  /** The kicker's and the countdown's colour on the header. */
  accent: string;
  /** Chakra palette of the draw button, the prize cells and the top ranks. */
  palette: 'red' | 'brand';
  /** The draw button: `${draw}（用 1 次机会）`. */
  draw: string;
  /** The draw button while the server answers. */
  drawing: string;
  /** Decorative art laid over the header (aria-hidden). */
  art: ReactNode;
}

const Snowflake = ({ x, y, s, o }: { x: string; y: string; s: number; o: number }) => (
  <Box as="span" position="absolute" left={x} top={y} opacity={o} lineHeight="1">
    <svg width={s} height={s} viewBox="0 0 24 24" fill="none" stroke="white" strokeWidth="1.6" strokeLinecap="round">
      <path d="M12 2v20M3.3 7l17.4 10M3.3 17 20.7 7M12 2l-2 2.5M12 2l2 2.5M12 22l-2-2.5M12 22l2-2.5" />
    </svg>
  </Box>
);

const christmasArt = (
  <>
    <Snowflake x="6%" y="14%" s={26} o={0.5} />
    <Snowflake x="18%" y="62%" s={16} o={0.35} />
    <Snowflake x="84%" y="18%" s={20} o={0.45} />
    <Snowflake x="72%" y="70%" s={14} o={0.3} />
    <Snowflake x="40%" y="8%" s={12} o={0.3} />
    {/* A small fir tree at the lower right, on wide screens only. */}
    <Box position="absolute" right="5%" bottom="0" display={{ base: 'none', md: 'block' }} opacity={0.9}>
      <svg width="110" height="140" viewBox="0 0 110 140">
        <polygon points="55,6 88,58 70,58 98,100 12,100 40,58 22,58" fill="#1f7a4d" />
        <rect x="48" y="100" width="14" height="22" fill="#6b3b1f" />
        <polygon points="55,0 59,10 69,10 61,16 64,26 55,20 46,26 49,16 41,10 51,10" fill="#f4c542" />
        <circle cx="44" cy="70" r="4" fill="#f4c542" />
        <circle cx="66" cy="82" r="4" fill="#ffffff" />
        <circle cx="58" cy="48" r="3.5" fill="#ffffff" />
        <circle cx="34" cy="92" r="3.5" fill="#f4c542" />
        <circle cx="78" cy="94" r="3.5" fill="#ffffff" />
      </svg>
    </Box>
  </>
);

/** A hanging red lantern with 福, `size` px wide on a phone and half as wide again from md up. */
const Lantern = ({ side, top, size }: { side: 'left' | 'right'; top: string; size: number }) => (
  <Box
    position="absolute"
    top={top}
    {...{ [side]: { base: '2%', md: '6%' } }}
    w={{ base: `${size}px`, md: `${size * 1.5}px` }}
    lineHeight="0"
  >
    <svg width="100%" viewBox="0 0 50 80">
      <line x1="25" y1="0" x2="25" y2="12" stroke="#f6c453" strokeWidth="2" />
      <rect x="17" y="11" width="16" height="5" rx="1.5" fill="#f6c453" />
      <ellipse cx="25" cy="36" rx="22" ry="20" fill="#e8262c" stroke="#f6c453" strokeWidth="2" />
      <path
        d="M25 16c-8 6-8 34 0 40M25 16c8 6 8 34 0 40"
        fill="none"
        stroke="#f6c453"
        strokeWidth="1.5"
        opacity="0.8"
      />
      <text x="25" y="42" textAnchor="middle" fontSize="16" fontWeight="bold" fill="#f6c453">
        福
      </text>
      <rect x="17" y="56" width="16" height="5" rx="1.5" fill="#f6c453" />
      <path d="M20 61v14M25 61v17M30 61v14" stroke="#f6c453" strokeWidth="1.5" />
    </svg>
  </Box>
);

const springArt = (
  <>
    {/* Faint gold clouds behind, two lanterns hanging at the sides. */}
    <Box
      position="absolute"
      inset="0"
      opacity={0.18}
      style={{
        backgroundImage:
          'radial-gradient(circle at 20% 110%, #f6c453 0 18%, transparent 19%), radial-gradient(circle at 80% 115%, #f6c453 0 20%, transparent 21%), radial-gradient(circle at 50% 130%, #f6c453 0 24%, transparent 25%)',
      }}
    />
    <Lantern side="left" top="0" size={44} />
    <Lantern side="right" top="0" size={36} />
  </>
);

const plainArt = (
  <Box
    position="absolute"
    inset="0"
    opacity={0.16}
    style={{
      backgroundImage:
        'radial-gradient(circle at 12% 20%, #ffffff 0 48px, transparent 49px), radial-gradient(circle at 88% 80%, #ffffff 0 72px, transparent 73px)',
    }}
  />
);

export const CAMPAIGN_LOOKS: Record<CampaignTheme, CampaignLook> = {
  christmas: {
    background: 'linear-gradient(160deg, #b3121f 0%, #8c0d18 55%, #0f5132 100%)',
    kicker: '❄ MERRY CHRISTMAS ❄',
    accent: 'white',
    palette: 'red',
    draw: '拆一个圣诞礼物',
    drawing: '正在拆礼物…',
    art: christmasArt,
  },
  spring: {
    background: 'linear-gradient(170deg, #c8161d 0%, #a50f16 60%, #7a0a10 100%)',
    kicker: '福 · 新春快乐 · 福',
    accent: '#ffe3a3',
    palette: 'red',
    draw: '抽一个新春红包',
    drawing: '正在拆红包…',
    art: springArt,
  },
  plain: {
    background: 'linear-gradient(160deg, #b84b05 0%, #9a3f04 60%, #7b3210 100%)',
    kicker: '限时活动',
    accent: 'white',
    palette: 'brand',
    draw: '抽一次奖',
    drawing: '正在抽奖…',
    art: plainArt,
  },
};

/** The look of a theme (an unknown one, from a newer server, looks plain). */
export const lookOf = (theme: string): CampaignLook => CAMPAIGN_LOOKS[theme as CampaignTheme] ?? CAMPAIGN_LOOKS.plain;
