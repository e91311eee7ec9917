import { z } from 'zod';
import type { EnumDef } from '../enums';

type EnumSchema<V extends number> = z.ZodUnion<[z.ZodLiteral<V>, ...z.ZodLiteral<V>[]]>;

const made = new WeakMap<object, z.ZodType>();

/**
 * The schema of an enumeration of openapi/enums.ts: one of its values, the document listing each
 * with its label. Made once per enumeration.
 */
export function enumSchema<V extends number>(def: EnumDef<V>): EnumSchema<V> {
  let schema = made.get(def) as EnumSchema<V> | undefined;
  if (!schema) {
    schema = z
      .union(def.list.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<V>, ...z.ZodLiteral<V>[]])
      .meta({ description: def.list.map((v) => `${v} ${def.labels[v]}`).join('；') });
    made.set(def, schema);
  }
  return schema;
}
