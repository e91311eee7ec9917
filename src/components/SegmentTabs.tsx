import { Button, Flex, type FlexProps } from '@chakra-ui/react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

export interface SegmentTab<V extends string | number | null> {
  value: V;
  label: string;
}

const hiddenScrollbar = { scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } } as const;

/**
 * Underlined tabs (as on 微豆明细): full width on phones, left-aligned on desktop. `scrollable`
 * tabs keep their width and scroll sideways instead (for more tabs than a phone's width).
 */
export function SegmentTabs<V extends string | number | null>({
  tabs,
  value,
  onChange,
  label,
  scrollable = false,
  size = 'md',
}: {
  tabs: readonly SegmentTab<V>[];
  value: V;
  onChange?: (value: V) => void;
  label: string;
  scrollable?: boolean;
  /** `sm`: 14px labels. */
  size?: 'sm' | 'md';
}) {
  const bar = useRef<HTMLDivElement>(null);
  const index = tabs.findIndex((t) => t.value === value);
  // A scrollable bar shows its current tab: one past a phone's width (opened by its address) comes into view.
  useLayoutEffect(() => {
    const el = bar.current;
    const current = el?.children[index] as HTMLElement | undefined;
    if (!scrollable || !el || !current) return;
    const start = current.getBoundingClientRect().left - el.getBoundingClientRect().left + el.scrollLeft;
    if (start < el.scrollLeft || start + current.offsetWidth > el.scrollLeft + el.clientWidth)
      el.scrollLeft = start - (el.clientWidth - current.offsetWidth) / 2;
  }, [scrollable, index]);
  return (
    <Flex
      ref={bar}
      role="tablist"
      aria-label={label}
      layerStyle="hairline.bottom"
      {...(scrollable
        ? { px: { base: '1', md: '3' }, overflowX: 'auto', css: hiddenScrollbar }
        : { px: { base: '2', md: '4' } })}
    >
      {tabs.map((t) => {
        const active = t.value === value;
        return (
          <Button
            key={t.label}
            role="tab"
            aria-selected={active}
            variant="plain"
            {...(scrollable
              ? { flexShrink: 0, px: { base: '3', md: size === 'sm' ? '4' : '5' } }
              : { flex: { base: '1', md: 'none' }, px: { base: '2', md: '5' } })}
            h="12"
            borderRadius="0"
            borderWidth="0"
            fontSize={size === 'sm' ? '14px' : '15px'}
            fontWeight={active ? 'semibold' : 'normal'}
            color={active ? 'brand.600' : 'gray.600'}
            borderBottomWidth="2px"
            borderColor={active ? 'brand.500' : 'transparent'}
            onClick={() => {
              if (!active) onChange?.(t.value);
            }}
          >
            {t.label}
          </Button>
        );
      })}
    </Flex>
  );
}

/**
 * A row of pill-shaped filter buttons (aria-pressed), scrolling sideways on phones. `before` and
 * `after` stand in the same row (a caption, a count).
 */
export function FilterChips<V extends string | number | null>({
  tabs,
  value,
  onChange,
  label,
  before,
  after,
  ...row
}: {
  tabs: readonly SegmentTab<V>[];
  value: V;
  onChange?: (value: V) => void;
  label: string;
  before?: ReactNode;
  after?: ReactNode;
} & Omit<FlexProps, 'onChange'>) {
  return (
    <Flex
      gap="2"
      px={{ base: '3', md: '5' }}
      py="3"
      overflowX="auto"
      css={hiddenScrollbar}
      role="group"
      aria-label={label}
      {...row}
    >
      {before}
      {tabs.map((t) => {
        const active = t.value === value;
        return (
          <Button
            key={t.label}
            size="xs"
            borderRadius="full"
            flexShrink={0}
            px="3"
            variant={active ? 'solid' : 'subtle'}
            colorPalette={active ? 'brand' : 'gray'}
            aria-pressed={active}
            onClick={() => onChange?.(t.value)}
          >
            {t.label}
          </Button>
        );
      })}
      {after}
    </Flex>
  );
}
