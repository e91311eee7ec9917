import { Box, Button, Flex, Grid, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Select } from './controls';

/** One place of /v1/jd/cities. */
export interface RegionOption {
  id: number;
  name: string;
  leaf: boolean;
}

/** The places under `parentId` (0: the provinces). The app reads /v1/jd/cities; stories pass a table. */
export type RegionLoader = (parentId: number) => Promise<RegionOption[]>;

export interface RegionPickerProps {
  /** The chosen city or county code ('' for none). */
  value: string;
  onChange: (code: string) => void;
  load: RegionLoader;
  disabled?: boolean | undefined;
  invalid?: boolean;
  describedBy?: string;
  /** What the picker is for, read by screen readers before each level. */
  label: string;
}

/** The province / city / county a 6-digit code sits in (GB/T 2260: 44 03 05). */
export function chainOf(value: string): { province: number | null; city: number | null; county: number | null } {
  if (!/^\d{6}$/.test(value)) return { province: null, city: null, county: null };
  const code = Number(value);
  const province = Math.floor(code / 10000) * 10000;
  if (code % 10000 === 0) return { province, city: null, county: null };
  if (code % 100 === 0) return { province, city: code, county: null };
  return { province, city: Math.floor(code / 100) * 100, county: code };
}

type Level = 'province' | 'city' | 'county';

/**
 * 省 / 市 / 区县 as three drop-downs fed level by level. The answer is the city, or the county
 * when one is chosen (区县 is optional: some cities have none). Choosing a province alone answers
 * nothing yet.
 */
export function RegionPicker({ value, onChange, load, disabled, invalid, describedBy, label }: RegionPickerProps) {
  const initial = chainOf(value);
  const [province, setProvince] = useState<number | null>(initial.province);
  const [city, setCity] = useState<number | null>(initial.city);
  const [county, setCounty] = useState<number | null>(initial.county);
  const [lists, setLists] = useState<Record<Level, RegionOption[]>>({ province: [], city: [], county: [] });
  const [loading, setLoading] = useState<Level | null>(null);
  const [failed, setFailed] = useState<Level | null>(null);
  const [attempt, setAttempt] = useState(0);

  const fetchLevel = (level: Level, parentId: number | null) => {
    let live = true;
    if (parentId === null) {
      setLists((l) => ({ ...l, [level]: [] }));
      return () => {};
    }
    setLoading(level);
    setFailed(null);
    load(parentId)
      .then((list) => {
        if (!live) return;
        setLists((l) => ({ ...l, [level]: list }));
        setLoading((x) => (x === level ? null : x));
      })
      .catch(() => {
        if (!live) return;
        setFailed(level);
        setLoading((x) => (x === level ? null : x));
      });
    return () => {
      live = false;
    };
  };

  /* eslint-disable react-hooks/exhaustive-deps -- each level reloads when its parent or a retry changes */
  useEffect(() => fetchLevel('province', 0), [attempt]);
  useEffect(() => fetchLevel('city', province), [province, attempt]);
  useEffect(() => fetchLevel('county', city), [city, attempt]);
  /* eslint-enable react-hooks/exhaustive-deps */

  const cityLeaf = lists.city.find((c) => c.id === city)?.leaf === true;
  const pick = (level: Level, id: number | null) => {
    if (level === 'province') {
      setProvince(id);
      setCity(null);
      setCounty(null);
      onChange('');
    } else if (level === 'city') {
      setCity(id);
      setCounty(null);
      onChange(id === null ? '' : String(id));
    } else {
      setCounty(id);
      onChange(id !== null ? String(id) : city !== null ? String(city) : '');
    }
  };

  const level = (key: Level, name: string, current: number | null, enabled: boolean, optional = false) => (
    <Box>
      <Select
        aria-label={`${label}：${name}`}
        aria-describedby={describedBy}
        aria-invalid={invalid && !optional && current === null ? true : undefined}
        value={current === null ? '' : String(current)}
        disabled={disabled || !enabled || loading === key}
        onChange={(e) => pick(key, e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{loading === key ? '加载中…' : optional ? `${name}（可不选）` : `请选择${name}`}</option>
        {lists[key].map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </Box>
  );

  return (
    <Box>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="2.5">
        {level('province', '省份', province, true)}
        {level('city', '城市', city, province !== null)}
        {level('county', '区县', county, city !== null && !cityLeaf, true)}
      </Grid>
      {failed && (
        <Flex mt="2" align="center" gap="2" fontSize="13px" color="red.600" role="alert">
          <Text>地区列表加载失败</Text>
          <Button size="xs" variant="outline" borderRadius="full" onClick={() => setAttempt((n) => n + 1)}>
            重新加载
          </Button>
        </Flex>
      )}
    </Box>
  );
}
