/**
 * Inputs made from the contract's own zod schemas, so tests that walk every operation need no
 * hand-written request per operation:
 *
 * - `sampleOf(schema)`: a small valid value (required fields only, one element per array);
 * - `sampleOf(schema, { path, value })`: the same with `value` placed at `path` (optional fields
 *   and arrays on the way are filled in), e.g. `['answers', '[]', 'questionId']`;
 * - `idFields(schema)`: the paths of the id-like integer fields (`id`, `ids`, `…Id`, `…Ids`);
 * - `requestOf(operation, { params?, query?, body? })`: the method, URL and payload of a call.
 */
import { z } from 'zod';
import type { Operation } from '../../../openapi/op';

/** `[]` stands for "each element" of an array. */
export type FieldPath = readonly string[];

interface Placed {
  path: FieldPath;
  value: unknown;
}

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

/** Text that satisfies the common string rules of the contract (mobile, e-mail, day, URL, lengths). */
function stringCandidates(schema: z.ZodString): string[] {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  const plain = 'a'.repeat(Math.min(Math.max(min, 8), max));
  return ['13800138000', 'member@example.com', '2000-01-01', 'https://example.com/', plain, 'a'.repeat(min)];
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
export function sampleOf(schema: z.ZodType, placed?: Placed): unknown {
  if (placed && placed.path.length === 0) return placed.value;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return placed ? sampleOf(def.innerType!, placed) : undefined;
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
      if (!placed) {
        const out = defOf(def.out!).type === 'transform' ? undefined : sampleOf(def.out!);
        if (out !== undefined && schema.safeParse(out).success) return out;
      }
      return sampleOf(def.in!, placed);
    }
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const here = placed?.path[0] === key ? { path: placed.path.slice(1), value: placed.value } : undefined;
        if (!here && isOptional(field)) continue;
        const v = sampleOf(field, here);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case 'array': {
      const here = placed?.path[0] === '[]' ? { path: placed.path.slice(1), value: placed.value } : undefined;
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

const ID_NAME = /^(id|ids)$|[a-z](Id|Ids)$/;

/** Paths of the integer fields named like ids (`id`, `ids`, `rewardId`, `optionIds`), nested ones too. */
export function idFields(schema: z.ZodType | undefined, path: FieldPath = []): FieldPath[] {
  if (!schema) return [];
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === 'object')
    return Object.entries((s as z.ZodObject).shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      idFields(field, [...path, key]),
    );
  if (def.type === 'array') return idFields(def.element!, [...path, '[]']);
  const name = path.filter((p) => p !== '[]').at(-1) ?? '';
  if (def.type === 'number' && (s as z.ZodNumber).isInt && ID_NAME.test(name)) return [path];
  return [];
}

/** How a field path is named in a 400 answer: `body.answers.0.questionId`. */
export function fieldName(location: 'params' | 'query' | 'body', path: FieldPath): string {
  return [location, ...path.map((p) => (p === '[]' ? '0' : p))].join('.');
}

/** The method, URL and payload of a call to `operation` with sampled input and these values placed. */
export function requestOf(
  operation: Operation,
  place: { params?: Placed; query?: Placed; body?: Placed } = {},
): { method: 'GET' | 'POST'; url: string; payload?: unknown } {
  const params = (operation.params ? sampleOf(operation.params, place.params) : {}) as Record<string, unknown>;
  const query = (operation.query ? sampleOf(operation.query, place.query) : {}) as Record<string, unknown>;
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  const hasBody = operation.body !== undefined && defOf(operation.body).type !== 'undefined';
  return {
    method: operation.method.toUpperCase() as 'GET' | 'POST',
    url: `/api${path}${search ? `?${search}` : ''}`,
    ...(hasBody ? { payload: sampleOf(operation.body!, place.body) } : {}),
  };
}
