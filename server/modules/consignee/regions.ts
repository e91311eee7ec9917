/**
 * China's province / city / county divisions for the address picker (`/v1/jd/cities`) and for
 * validating addresses. Data: `@vant/area-data` (MIT, ~160 KB, no dependencies), keyed by the
 * 6-digit GB/T 2260 codes: province `PP0000`, city `PPCC00`, county `PPCCDD`. Municipalities have
 * one city level named like the municipality (110100 北京市); cities without counties (东莞, 中山,
 * 儋州) list their towns under codes of the same shape. Loaded once, server-side only.
 */
import { areaList } from '@vant/area-data';
import { RegionLevel } from '../../../openapi/enums';

export interface RegionNode {
  id: number;
  name: string;
  level: 1 | 2 | 3;
  parentId: number;
  children: number[];
}

interface RegionIndex {
  byId: Map<number, RegionNode>;
  provinces: number[];
}

let index: RegionIndex | undefined;

function build(): RegionIndex {
  const byId = new Map<number, RegionNode>();
  const add = (list: Record<string, string>, level: 1 | 2 | 3, parentOf: (code: string) => number) => {
    for (const [code, name] of Object.entries(list)) {
      const node: RegionNode = { id: Number(code), name, level, parentId: parentOf(code), children: [] };
      byId.set(node.id, node);
    }
  };
  add(areaList.province_list, RegionLevel.values.PROVINCE, () => 0);
  add(areaList.city_list, RegionLevel.values.CITY, (c) => Number(`${c.slice(0, 2)}0000`));
  add(areaList.county_list, RegionLevel.values.COUNTY, (c) => Number(`${c.slice(0, 4)}00`));
  const provinces: number[] = [];
  for (const node of [...byId.values()].sort((a, b) => a.id - b.id)) {
    if (node.level === 1) provinces.push(node.id);
    else byId.get(node.parentId)?.children.push(node.id);
  }
  return { byId, provinces };
}

function regions(): RegionIndex {
  return (index ??= build());
}

export interface RegionItem {
  id: number;
  name: string;
  level: 1 | 2 | 3;
  leaf: boolean;
}

/** Children of `parentId` (0 = provinces); an unknown or leaf parent has none. */
export function childrenOf(parentId: number): RegionItem[] {
  const r = regions();
  const ids = parentId === 0 ? r.provinces : (r.byId.get(parentId)?.children ?? []);
  return ids.map((id) => {
    const n = r.byId.get(id)!;
    return { id: n.id, name: n.name, level: n.level, leaf: n.children.length === 0 };
  });
}

export function regionById(id: number): RegionNode | undefined {
  return regions().byId.get(id);
}

/**
 * The display name of a province / city / county chain when the county belongs to the city and
 * the city to the province; else null. A city named like its province (municipalities) is shown once.
 */
export function regionPath(provinceId: number, cityId: number, countyId: number): string | null {
  const p = regionById(provinceId);
  const c = regionById(cityId);
  const k = regionById(countyId);
  if (!p || !c || !k) return null;
  if (p.level !== 1 || c.level !== 2 || k.level !== 3) return null;
  if (c.parentId !== p.id || k.parentId !== c.id) return null;
  return (c.name === p.name ? [p.name, k.name] : [p.name, c.name, k.name]).join(' ');
}
