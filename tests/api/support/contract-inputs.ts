/**
 * Inputs made from the contract's own zod schemas, so tests that walk every operation need no
 * hand-written request per operation:
 *
 * - `sampleOf(schema)`: a small valid value (required fields only, one element per array);
 * - `sampleOf(schema, { path, value })`: the same with `value` placed at `path` (optional fields
 *   and arrays on the way are filled in), e.g. `['answers', '[]', 'questionId']`;
 * - `sampleOf(schema, [placed, …])`: several values placed at once;
 * - `inputFields(schema)`: every field (object properties, arrays and their elements), with its
 *   schema and whether it may be left out;
 * - `idFields(schema)`: the paths of the id-like integer fields (`id`, `ids`, `…Id`, `…Ids`);
 * - `edgeValues(schema)` / `wrongValues(schema)`: values at and past a field's limits and awkward
 *   text / values of other types and oversized ones — what the fuzz test (fuzz-cases.ts) places;
 * - `requestOf(operation, { params?, query?, body? })`: the method, URL and payload of a call.
 */
import { z } from 'zod';
import type { Operation } from '../../../openapi/op';
import { MAX_ID } from '../../../openapi/schemas/common';

/** `[]` stands for "each element" of an array. */
export type FieldPath = readonly string[];

export interface Placed {
  path: FieldPath;
  value: unknown;
}
/** One value at its path, or several. */
export type Placement = Placed | readonly Placed[];

const placements = (p: Placement | undefined): readonly Placed[] => (p === undefined ? [] : 'path' in p ? [p] : p);
/** The placements under `key` (an object key, or `[]` for array elements), one level down. */
const under = (placed: readonly Placed[], key: string): Placed[] =>
  placed.filter((p) => p.path[0] === key).map((p) => ({ path: p.path.slice(1), value: p.value }));

// zod's definitions, read loosely: only what the walk needs.
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema under optional/nullable/default wrappers and the input side of pipes. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const def = defOf(s);
    if (WRAPPERS.has(def.type)) s = def.innerType!;
    else if (def.type === 'pipe') s = def.in!;
    else return s;
  }
}

const isOptional = (schema: z.ZodType) => (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

/** Text that satisfies the common string rules of the contract (mobile, e-mail, day, URL, lengths, a 6-digit code). */
function stringCandidates(schema: z.ZodString): string[] {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  const plain = 'a'.repeat(Math.min(Math.max(min, 8), max));
  return ['13800138000', 'member@example.com', '2000-01-01', 'https://example.com/', plain, 'a'.repeat(min), '123456'];
}

function numberCandidate(schema: z.ZodNumber): number {
  const min = Number.isFinite(schema.minValue ?? NaN) ? schema.minValue! : 1;
  const max = Number.isFinite(schema.maxValue ?? NaN) ? schema.maxValue! : Math.max(min, 1);
  const n = Math.min(Math.max(1, min), max);
  return schema.isInt ? Math.ceil(n) : n;
}

function first(candidates: unknown[], schema: z.ZodType): unknown {
  return candidates.find((c) => schema.safeParse(c).success);
}

/** A valid value of `schema` (see the file comment); `undefined` when it finds none. */
export function sampleOf(schema: z.ZodType, placement?: Placement): unknown {
  const placed = placements(placement);
  const whole = placed.find((p) => p.path.length === 0);
  if (whole) return whole.value;
  const some = placed.length > 0;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return some ? sampleOf(def.innerType!, placed) : undefined;
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional': {
      const inner = sampleOf(def.innerType!, placed);
      return inner === undefined && def.type === 'nullable' ? null : inner;
    }
    case 'pipe': {
      // Prefer the output side (an enum behind a coercion), then the input side (a transform).
      if (!some) {
        const out = defOf(def.out!).type === 'transform' ? undefined : sampleOf(def.out!);
        if (out !== undefined && schema.safeParse(out).success) return out;
      }
      return sampleOf(def.in!, placed);
    }
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      const build = (withOptional: boolean, at: readonly Placed[]) => {
        const out: Record<string, unknown> = {};
        for (const [key, field] of Object.entries(shape)) {
          const here = under(at, key);
          if (!here.length && isOptional(field) && !withOptional) continue;
          const v = here.length || !isOptional(field) ? sampleOf(field, here) : sampleOf(unwrap(field));
          if (v !== undefined) out[key] = v;
        }
        return out;
      };
      // A refinement such as "at least one of these" needs the optional fields too.
      const withOptional = !schema.safeParse(build(false, [])).success && schema.safeParse(build(true, [])).success;
      return build(withOptional, placed);
    }
    case 'array': {
      const here = under(placed, '[]');
      const min = Number((schema as z.ZodArray<z.ZodType>)._zod.bag.minimum ?? 0);
      const item = sampleOf(def.element!, here);
      return Array.from({ length: Math.max(min, 1) }, () => item);
    }
    case 'string':
      return first(stringCandidates(schema as z.ZodString), schema);
    case 'number':
      return numberCandidate(schema as z.ZodNumber);
    case 'boolean':
      return true;
    case 'literal':
      return def.values![0];
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'union':
      return first(
        def.options!.map((o) => sampleOf(o, placed)),
        schema,
      );
    case 'record':
      return {};
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** One field of an input schema: where it is, its schema under wrappers, whether it may be left out. */
export interface InputField {
  path: FieldPath;
  schema: z.ZodType;
  optional: boolean;
}

/** Every field of `schema`, depth first: object properties, arrays and (as `[]`) their elements. */
export function inputFields(schema: z.ZodType | undefined, path: FieldPath = [], optional = false): InputField[] {
  if (!schema) return [];
  const s = unwrap(schema);
  const def = defOf(s);
  const here = path.length ? [{ path, schema: s, optional }] : [];
  if (def.type === 'object')
    return [
      ...here,
      ...Object.entries((s as z.ZodObject).shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
        inputFields(field, [...path, key], isOptional(field)),
      ),
    ];
  if (def.type === 'array') return [...here, ...inputFields(def.element!, [...path, '[]'])];
  return here;
}

/** The field's own name: the last key of its path that is not `[]`. */
export const fieldKey = (path: FieldPath): string => path.filter((p) => p !== '[]').at(-1) ?? '';

const ID_NAME = /^(id|ids)$|[a-z](Id|Ids)$/;

/** Paths of the integer fields named like ids (`id`, `ids`, `rewardId`, `optionIds`), nested ones too. */
export function idFields(schema: z.ZodType | undefined): FieldPath[] {
  return inputFields(schema)
    .filter(
      (f) => defOf(f.schema).type === 'number' && (f.schema as z.ZodNumber).isInt && ID_NAME.test(fieldKey(f.path)),
    )
    .map((f) => f.path);
}

/** How a field path is named in a 400 answer: `body.answers.0.questionId`. */
export function fieldName(location: 'params' | 'query' | 'body', path: FieldPath): string {
  return [location, ...path.map((p) => (p === '[]' ? '0' : p))].join('.');
}

/**
 * Awkward text, whatever the field: blank, control and invisible characters, a lone surrogate,
 * combining marks, right-to-left, emoji, other digits, calendar days that do not exist, and the
 * usual injection shapes. None of it spells a word the answers are checked for (fuzz.test.ts).
 */
const AWKWARD_TEXT = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  '\u200b',
  '\ud800',
  'e\u0301\u0301',
  '\u202e右到左',
  '测试',
  '😀',
  '👨‍👩‍👧',
  '１２３',
  '١٢٣',
  '-1',
  '0',
  '1.5',
  '1e309',
  '0x1f',
  ' 7 ',
  'null',
  'true',
  '[]',
  '{}',
  '2030-02-30',
  '0000-00-00',
  '9999-12-31',
  '00000000000',
  '19999999999',
  "' OR '1'='1",
  '"; --',
  '../../../etc/passwd',
  '%00%2e%2e%2f',
  '<b>x</b>',
  '${7*7}{{7*7}}',
  '\\',
];

const lengthsOf = (schema: z.ZodString) => ({ min: schema.minLength ?? 0, max: schema.maxLength ?? 64 });

/**
 * Values at and just past the limits of a field's rules — lengths, sizes, numbers, the largest id
 * (2147483647) and one more, each enum value and one that is not — and awkward text in every
 * string field. Some are valid, most are not.
 */
export function edgeValues(field: z.ZodType): unknown[] {
  const schema = unwrap(field);
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const { min, max } = lengthsOf(schema as z.ZodString);
      // Awkward text as it is, and padded to the allowed length so that it gets past the length check.
      const fit = (t: string) => (t + 'a'.repeat(Math.max(min - t.length, 0))).slice(0, Math.max(max, t.length));
      return [
        ...stringCandidates(schema as z.ZodString),
        'a'.repeat(min),
        'a'.repeat(Math.max(min - 1, 0)),
        'a'.repeat(max),
        'a'.repeat(max + 1),
        '测'.repeat(max),
        '测'.repeat(max + 1),
        '😀'.repeat(Math.ceil(max / 2)),
        `${'a'.repeat(Math.max(max - 1, 0))}😀`,
        ...AWKWARD_TEXT,
        ...AWKWARD_TEXT.map(fit),
      ];
    }
    case 'number': {
      const n = schema as z.ZodNumber;
      const limits = [n.minValue, n.maxValue].filter((v): v is number => v !== null && Number.isFinite(v));
      return [
        ...limits.flatMap((v) => [v, v - 1, v + 1]),
        0,
        -1,
        1,
        2,
        1.5,
        -0.5,
        MAX_ID,
        MAX_ID + 1,
        -MAX_ID - 1,
        Number.MAX_SAFE_INTEGER,
        2 ** 53,
        1e308,
      ];
    }
    case 'boolean':
      return [true, false];
    case 'literal':
      return [...def.values!, 'x', 0];
    case 'enum':
      return [...Object.values(def.entries!), 'x', '', 999, -1];
    case 'union':
      return def.options!.flatMap((o) => edgeValues(o));
    case 'array': {
      const bag = (schema as z.ZodArray<z.ZodType>)._zod.bag;
      const item = sampleOf(def.element!);
      const sizes = [0, 1, Number(bag.minimum ?? 0), Number(bag.maximum ?? 100), Number(bag.maximum ?? 100) + 1];
      return [...new Set(sizes)].map((size) => Array.from({ length: Math.min(size, 1000) }, () => item));
    }
    case 'object':
      return [{}, sampleOf(schema)];
    case 'null':
      return [null];
    default:
      return [sampleOf(schema)];
  }
}

/** Values of other JSON types than most fields take, and oversized ones (100 000 characters, 10 000 items). */
export function wrongValues(): unknown[] {
  return [
    null,
    true,
    0,
    -1,
    1.5,
    1e21,
    'abc',
    '1',
    [],
    [1, 'a'],
    [[[[]]]],
    {},
    { id: 1 },
    'a'.repeat(100_000),
    '测'.repeat(100_000),
    Array.from({ length: 10_000 }, (_, i) => i),
  ];
}

/** A query or path value as text: arrays become repeated keys (query), objects JSON. */
const asText = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** A path segment, percent-encoded; a lone surrogate (not UTF-16 text) becomes the bytes of one (`%ED%A0%80`). */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((ch) => (/^[\ud800-\udfff]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

/** The method, URL and payload of a call to `operation` with sampled input and these values placed. */
export function requestOf(
  operation: Operation,
  place: { params?: Placement; query?: Placement; body?: Placement } = {},
): { method: 'GET' | 'POST'; url: string; payload?: unknown } {
  const params = (operation.params ? sampleOf(operation.params, place.params) : {}) as Record<string, unknown>;
  const query = (operation.query ? sampleOf(operation.query, place.query) : {}) as Record<string, unknown>;
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeSegment(params[name] === undefined ? '' : asText(params[name])),
  );
  const search = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== null)
      .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, asText(x)]) : [[k, asText(v)]])),
  ).toString();
  const hasBody = operation.body !== undefined && defOf(operation.body).type !== 'undefined';
  return {
    method: operation.method.toUpperCase() as 'GET' | 'POST',
    url: `/api${path}${search ? `?${search}` : ''}`,
    ...(hasBody ? { payload: sampleOf(operation.body!, place.body) } : {}),
  };
}
