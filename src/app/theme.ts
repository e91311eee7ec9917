import { createSystem, defaultBaseConfig, defineConfig, defineLayerStyles, defineTextStyles } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  globalCss,
  headingRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * The app's one Chakra system (DESIGN §4): the base config (conditions, utilities) plus the
 * default tokens, and ONLY the recipes the app renders. Not `defaultConfig` — its ~90 recipes
 * would cost tens of KiB of first-route JS (DESIGN §7: ≤ 160 KiB gzip).
 * Add a recipe here when a component that needs one is first used.
 */

/** zh-CN first: PingFang on Apple, YaHei on Windows, Noto CJK on Linux/Android. */
const FONT_STACK =
  '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif';

/**
 * Warm orange brand: energetic, "rewards" rather than "bank". 600 (buttons, links, brand text) is
 * the original #e35d06 darkened at the same hue until white on it and it on white or brand.50
 * read at 4.5:1 or more (WCAG AA); 700 is darker again.
 */
const brand = {
  50: '#fff7ed',
  100: '#ffedd5',
  200: '#fed3a8',
  300: '#fdb474',
  400: '#fb923c',
  500: '#f9730f',
  600: '#b84b05',
  700: '#9a3f04',
  800: '#983a0f',
  900: '#7b3210',
  950: '#431605',
};

/**
 * The app's own recurring looks, beside Chakra's built-in ones: a view names the look
 * (`layerStyle="card"`, `textStyle="caption.soft"`) instead of spelling out its props again.
 * Tones of grey text: muted gray.600, soft and faint gray.500 (faint is smaller) — gray.400 reads
 * at only 2.6:1 on white, below WCAG AA's 4.5:1, so it is for icons and lines, never text on white.
 */
const appLayerStyles = defineLayerStyles({
  card: {
    description: 'the white card with a faint shadow that holds panels, lists and shortcuts',
    value: { bg: 'white', borderRadius: 'xl', boxShadow: '0 1px 3px rgba(15, 23, 42, 0.06)' },
  },
  outlinedCard: {
    description: 'the white card with a hairline border as well (task cards, the landing steps)',
    value: {
      bg: 'white',
      borderRadius: 'xl',
      boxShadow: '0 1px 3px rgba(15, 23, 42, 0.06)',
      borderWidth: '1px',
      borderColor: 'gray.100',
    },
  },
  tile: {
    description: 'a light grey tile with a hairline border (feature and value cards)',
    value: { bg: 'gray.50', borderWidth: '1px', borderColor: 'gray.100' },
  },
  tint: {
    brand: {
      description: 'an icon square or chip tinted with the brand',
      value: { bg: 'brand.50', color: 'brand.600' },
    },
    green: {
      description: 'an icon square tinted green (safety, arrivals)',
      value: { bg: 'green.50', color: 'green.600' },
    },
  },
  hairline: {
    bottom: {
      description: 'the hairline under a row, a tab bar or a list item',
      value: { borderBottomWidth: '1px', borderColor: 'gray.100' },
    },
  },
  note: {
    warning: { description: 'a warning note (low-quality answers)', value: { bg: 'orange.50', color: 'orange.800' } },
  },
});

const appTextStyles = defineTextStyles({
  title: {
    card: { description: 'the title of a card or tile', value: { fontSize: '16px', color: 'ink' } },
  },
  body: {
    muted: { description: 'explanatory text under a title', value: { fontSize: '14px', color: 'gray.600' } },
    soft: { description: 'a quiet line: states, labels, small print', value: { fontSize: '14px', color: 'gray.500' } },
    onBrand: { description: 'body text on an orange brand card', value: { fontSize: '14px', color: 'whiteAlpha.900' } },
  },
  caption: {
    muted: { description: 'a small line of detail', value: { fontSize: '13px', color: 'gray.600' } },
    soft: { description: 'a caption, a count or a secondary line', value: { fontSize: '13px', color: 'gray.500' } },
  },
  small: {
    soft: { description: 'a hint or a meta line', value: { fontSize: '12px', color: 'gray.500' } },
    faint: { description: 'a time stamp, the least emphasis', value: { fontSize: '12px', color: 'gray.500' } },
  },
});

const config = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    html: {
      color: 'fg',
      bg: 'bg',
      lineHeight: '1.6',
      colorPalette: 'brand',
      textSizeAdjust: '100%',
      scrollBehavior: 'auto',
      // A page that grows a scrollbar once its data arrives must not move the header sideways.
      scrollbarGutter: 'stable',
    },
    body: { fontFamily: 'body' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      colors: {
        ...tokens.colors,
        brand: Object.fromEntries(Object.entries(brand).map(([k, v]) => [k, { value: v }])),
        ink: { value: '#1f2329' },
      },
      fonts: {
        heading: { value: FONT_STACK },
        body: { value: FONT_STACK },
        mono: { value: 'SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", monospace' },
      },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...semanticTokens.colors,
        fg: {
          ...(semanticTokens.colors?.fg as object),
          DEFAULT: { value: '{colors.ink}' },
          muted: { value: '{colors.gray.600}' },
        },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: '{colors.white}' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
    textStyles: { ...textStyles, ...appTextStyles },
    layerStyles: { ...layerStyles, ...appLayerStyles },
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      table: tableSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, config);
