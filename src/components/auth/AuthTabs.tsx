import { chakra, Flex } from '@chakra-ui/react';
import { useRef, type KeyboardEvent } from 'react';

/**
 * Underlined tabs for the login methods (WAI-ARIA tabs: arrow keys move between them).
 * Hand-rolled instead of Chakra's Tabs so the app theme needs no tabs recipe.
 */
export interface AuthTab<T extends string> {
  value: T;
  label: string;
}

export interface AuthTabsProps<T extends string> {
  tabs: readonly AuthTab<T>[];
  value: T;
  onChange: (value: T) => void;
  /** id prefix: tab `${idPrefix}-tab-${value}` controls panel `${idPrefix}-panel-${value}`. */
  idPrefix: string;
  label: string;
}

const TabButton = chakra('button', {
  base: {
    position: 'relative',
    flex: '1',
    py: '3',
    fontSize: '16px',
    fontWeight: 'medium',
    color: 'gray.500',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'color 0.15s ease',
    outline: 'none',
    _hover: { color: 'gray.800' },
    _focusVisible: { color: 'brand.700', bg: 'brand.50', borderRadius: 'md' },
    '&[aria-selected=true]': {
      color: 'ink',
      fontWeight: 'semibold',
      _after: {
        content: '""',
        position: 'absolute',
        left: '50%',
        transform: 'translateX(-50%)',
        bottom: '-1px',
        width: '28px',
        height: '3px',
        borderRadius: 'full',
        bg: 'brand.500',
      },
    },
  },
});

export function tabId(idPrefix: string, value: string) {
  return `${idPrefix}-tab-${value}`;
}
export function panelId(idPrefix: string, value: string) {
  return `${idPrefix}-panel-${value}`;
}

export function AuthTabs<T extends string>({ tabs, value, onChange, idPrefix, label }: AuthTabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const target =
      e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : (index + delta + tabs.length) % tabs.length;
    if (!delta && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next = tabs[target];
    if (!next) return;
    onChange(next.value);
    refs.current[target]?.focus();
  };
  return (
    <Flex role="tablist" aria-label={label} borderBottomWidth="1px" borderColor="gray.100" mb="6">
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <TabButton
            key={tab.value}
            ref={(el: HTMLButtonElement | null) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.value)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, tab.value)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {tab.label}
          </TabButton>
        );
      })}
    </Flex>
  );
}
