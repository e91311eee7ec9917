import { Button, Flex } from '@chakra-ui/react';

export interface SegmentTab<V extends string | number> {
  value: V;
  label: string;
}

/** Underlined tabs (as on 微豆明细): full width on phones, left-aligned on desktop. */
export function SegmentTabs<V extends string | number>({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: readonly SegmentTab<V>[];
  value: V;
  onChange?: (value: V) => void;
  label: string;
}) {
  return (
    <Flex role="tablist" aria-label={label} borderBottomWidth="1px" borderColor="gray.100" px={{ base: '2', md: '4' }}>
      {tabs.map((t) => {
        const active = t.value === value;
        return (
          <Button
            key={String(t.value)}
            role="tab"
            aria-selected={active}
            variant="plain"
            flex={{ base: '1', md: 'none' }}
            px={{ base: '2', md: '5' }}
            h="12"
            borderRadius="0"
            borderWidth="0"
            fontSize="15px"
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
