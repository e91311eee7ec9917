/**
 * Seeded fuzz cases for one contract operation, built from its own zod schemas (contract-inputs.ts):
 * the valid sample; values at and past each field's limits; values of other types; fields left
 * out; unknown fields; whole bodies and query strings of the wrong shape; odd headers; each with
 * no token, a member's token or a forged one. The same seed gives the same cases, whatever other
 * operations the contract has (each operation draws from its own stream).
 */
import type { Operation } from '../../../openapi/op';
import {
  edgeValues,
  fieldName,
  inputFields,
  requestOf,
  wrongValues,
  type InputField,
  type Placed,
} from './contract-inputs';

/** mulberry32: a small, fast, seeded PRNG; `next()` in [0, 1). */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}
export type Rng = ReturnType<typeof prng>;

/** A 32-bit hash of text (FNV-1a), to give each operation its own stream under one seed. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export type Caller = 'visitor' | 'member' | 'forged';
/** Mostly a member (most operations need one to get past 401), a visitor, sometimes a forged token. */
const CALLERS: readonly Caller[] = ['member', 'member', 'member', 'member', 'member', 'visitor', 'visitor', 'forged'];

export interface FuzzCase {
  operation: Operation;
  caller: Caller;
  /** What was done to the sample, for the report: `edge body.mobile=""`. */
  label: string;
  method: 'GET' | 'POST';
  url: string;
  /** Sent as is (JSON text, or other text with its own content type); absent: no body. */
  payload?: string;
  headers: Record<string, string>;
}

type Location = 'params' | 'query' | 'body';
const LOCATIONS: readonly Location[] = ['params', 'query', 'body'];

interface Field extends InputField {
  location: Location;
}

const fieldsOf = (operation: Operation): Field[] =>
  LOCATIONS.flatMap((location) => inputFields(operation[location]).map((f) => ({ ...f, location })));

/** For the report: a value shortened to 60 characters. */
function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}…(${text.length})` : text;
}

/** Bodies of the wrong shape, as raw text with their content type. */
const BODY_SHAPES: readonly { label: string; text?: string; type?: string }[] = [
  { label: 'no body' },
  { label: 'body null', text: 'null' },
  { label: 'body []', text: '[]' },
  { label: 'body "x"', text: '"x"' },
  { label: 'body 7', text: '7' },
  { label: 'body {}', text: '{}' },
  { label: 'malformed JSON', text: '{"a": ' },
  { label: 'JSON with a BOM', text: '\ufeff{}' },
  { label: '__proto__ in body', text: '{"__proto__": {"admin": true}}' },
  { label: 'constructor.prototype in body', text: '{"constructor": {"prototype": {"admin": true}}}' },
  { label: 'nested 5000 deep', text: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { label: 'body over 1 MiB', text: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }) },
  { label: 'form body', text: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { label: 'text body', text: 'hello', type: 'text/plain' },
  { label: 'JSON as text/plain', text: '{}', type: 'text/plain' },
  { label: 'content type with odd charset', text: '{}', type: 'application/json; charset=klingon' },
];

/** Query strings added to a call: unknown and repeated keys, odd encodings. */
const QUERY_NOISE: readonly string[] = [
  'unknown=1',
  '_t=1795323054161',
  '__proto__[x]=1',
  'a[b][c]=1',
  '=&&=',
  '%E0%A4%A',
  `x=${'q'.repeat(8000)}`,
];

/** Headers a client may send oddly: device type and id, forwarded address, language. */
const HEADER_NOISE: readonly Record<string, string>[] = [
  { 'x-device-type': '999' },
  { 'x-device-type': 'abc' },
  { 'x-device-type': '-1' },
  { 'x-device-id': '' },
  { 'x-device-id': 'd'.repeat(4000) },
  { 'x-device-id': '../../x' },
  { 'x-forwarded-for': 'not-an-ip, 999.1.1.1' },
  { 'x-geo-region': '%FF%FE' },
  { 'accept-language': 'xx' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { authorization: 'Bearer' },
];

export interface CaseOptions {
  /** Extra valid values for a field (e.g. an encrypted mobile), tried like the sampled one. */
  validValues?: (field: InputField) => unknown[];
  /** A token that is not valid (each case may get a new one). */
  forgedToken?: (rng: Rng) => string;
}

/**
 * `count` cases for `operation` from `rng`. The first two are the sample as a member and as a
 * visitor; the rest are drawn: mostly one to three fields at or past their limits, a value of
 * another type, a field left out or added, and a share of wrong shapes and odd headers.
 */
export function fuzzCases(operation: Operation, rng: Rng, count: number, options: CaseOptions = {}): FuzzCase[] {
  const fields = fieldsOf(operation);
  const hasBody = requestOf(operation).payload !== undefined;
  const out: FuzzCase[] = [];

  const build = (caller: Caller, label: string, placed: Partial<Record<Location, Placed[]>>): FuzzCase => {
    const req = requestOf(operation, placed);
    return {
      operation,
      caller,
      label,
      method: req.method,
      url: req.url,
      ...(req.payload === undefined ? {} : { payload: JSON.stringify(req.payload) }),
      headers: req.payload === undefined ? {} : { 'content-type': 'application/json' },
    };
  };

  const valueFor = (f: Field, kind: 'edge' | 'wrong' | 'valid'): unknown => {
    if (kind === 'wrong') return rng.pick(wrongValues());
    const valid = options.validValues?.(f) ?? [];
    if (kind === 'valid' || (valid.length && rng.next() < 0.2)) return valid.length ? rng.pick(valid) : undefined;
    return rng.pick(edgeValues(f.schema));
  };

  for (let i = 0; i < count; i++) {
    const caller: Caller = i === 0 ? 'member' : i === 1 ? 'visitor' : rng.pick(CALLERS);
    if (i < 2) {
      out.push(build(caller, 'sample', {}));
      continue;
    }
    const roll = rng.next();
    const placed: Partial<Record<Location, Placed[]>> = {};
    const labels: string[] = [];
    const place = (f: Field, value: unknown, kind: string) => {
      (placed[f.location] ??= []).push({ path: f.path, value });
      labels.push(`${kind} ${fieldName(f.location, f.path)}=${show(value)}`);
    };

    let c: FuzzCase;
    if (fields.length && roll < 0.8) {
      // Fields: 1–3 of them at their edges, of the wrong type, left out, or given a valid value.
      const n = 1 + rng.int(3);
      for (let k = 0; k < n; k++) {
        const f = rng.pick(fields);
        const r = rng.next();
        if (r < 0.55) place(f, valueFor(f, 'edge'), 'edge');
        else if (r < 0.8) place(f, valueFor(f, 'wrong'), 'wrong');
        else if (r < 0.92) place(f, undefined, 'missing');
        else place(f, valueFor(f, 'valid') ?? valueFor(f, 'edge'), 'valid');
      }
      // The other fields: often a known valid value (an existing id, an encrypted mobile) rather
      // than the sample, so that the call gets further; placed after the mutations, which win.
      for (const f of fields) {
        const valid = options.validValues?.(f) ?? [];
        if (valid.length && rng.next() < 0.5)
          (placed[f.location] ??= []).push({ path: f.path, value: rng.pick(valid) });
      }
      c = build(caller, labels.join('; '), placed);
      if (rng.next() < 0.1 && c.payload?.startsWith('{')) {
        c.payload = `{"unknownField":"x",${c.payload.slice(1)}`.replace(',}', '}');
        c.label += '; extra body.unknownField';
      }
    } else if (hasBody && roll < 0.9) {
      const shape = rng.pick(BODY_SHAPES);
      c = build(caller, shape.label, {});
      if (shape.text === undefined) {
        delete c.payload;
        delete c.headers['content-type'];
      } else {
        c.payload = shape.text;
        c.headers['content-type'] = shape.type ?? 'application/json';
      }
    } else {
      const noise = rng.pick(QUERY_NOISE);
      c = build(caller, `query +${show(noise)}`, {});
      c.url += `${c.url.includes('?') ? '&' : '?'}${noise}`;
    }
    if (rng.next() < 0.15) {
      const headers = rng.pick(HEADER_NOISE);
      Object.assign(c.headers, headers);
      c.label += `; header ${show(headers)}`;
    }
    out.push(c);
  }
  if (options.forgedToken)
    for (const c of out) if (c.caller === 'forged') c.headers.authorization ??= `Bearer ${options.forgedToken(rng)}`;
  return out;
}
