/**
 * 个人属性 (member_properties): what task targeting reads (server/modules/tasks/eligibility.ts).
 *
 * Rules, shared by POST /v1/users/property and the basic questionnaire:
 * - gender and birthday are set once: a later different value is PROPERTY_LOCKED (re-sending the
 *   same value is fine);
 * - birthday is a real calendar day, age 10–100 on today's Beijing day;
 * - the region is a province / city / county chain of `@vant/area-data` (GB/T 2260 codes, the data
 *   `/v1/jd/cities` serves): a city belongs to its province, a county to its city; a missing upper
 *   level is taken from the lower one; the region is replaced as a whole;
 * - enumerations are checked by the contract schema.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Property, PropertyBody } from '../../../openapi/schemas/profile';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { memberProperties } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import { regionById } from '../consignee/regions';
import type { Executor } from '../../kernel/db';
import { ageOn } from '../../kernel/time';

export type PropertyData = z.output<typeof Property>;
export type PropertyPatch = z.output<typeof PropertyBody>;
export type PropertiesRow = typeof memberProperties.$inferSelect;

const MIN_AGE = 10;
const MAX_AGE = 100;

/** The attributes that make the profile complete (county is optional). */
const REQUIRED = [
  'gender',
  'birthday',
  'provinceId',
  'cityId',
  'education',
  'occupation',
  'income',
  'marital',
] as const;

export async function propertiesOf(db: Executor, memberId: number): Promise<PropertiesRow | null> {
  const [row] = await db.select().from(memberProperties).where(eq(memberProperties.memberId, memberId)).limit(1);
  return row ?? null;
}

/** "广东省 深圳市 南山区"; a municipality's city named like it is shown once. */
function regionNameOf(provinceId: number | null, cityId: number | null, countyId: number | null) {
  const names: string[] = [];
  const p = provinceId === null ? undefined : regionById(provinceId);
  const c = cityId === null ? undefined : regionById(cityId);
  const k = countyId === null ? undefined : regionById(countyId);
  if (p) names.push(p.name);
  if (c && c.name !== p?.name) names.push(c.name);
  if (k) names.push(k.name);
  return names.length > 0 ? names.join(' ') : null;
}

export function toProperty(row: PropertiesRow | null): PropertyData {
  const v = {
    gender: (row?.gender ?? null) as PropertyData['gender'],
    birthday: row?.birthday ?? null,
    provinceId: row?.provinceId ?? null,
    cityId: row?.cityId ?? null,
    countyId: row?.countyId ?? null,
    education: (row?.education ?? null) as PropertyData['education'],
    occupation: (row?.occupation ?? null) as PropertyData['occupation'],
    income: (row?.income ?? null) as PropertyData['income'],
    marital: (row?.marital ?? null) as PropertyData['marital'],
  };
  return {
    ...v,
    regionName: regionNameOf(v.provinceId, v.cityId, v.countyId),
    complete: REQUIRED.every((k) => v[k] !== null),
    updatedAt: row?.updatedAt.getTime() ?? null,
  };
}

const invalid = (msg: string, field: string) => new AppError('PROPERTY_INVALID', msg, { field });

/** A YYYY-MM-DD that is a real day with an age of 10–100 today; else PROPERTY_INVALID. */
export function checkBirthday(day: string, now: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day)
    throw invalid('出生日期不是有效的日期，请按“年-月-日”填写，如 1995-06-18', 'birthday');
  const age = ageOn(day, now);
  if (age < 0) throw invalid('出生日期不能晚于今天', 'birthday');
  if (age < MIN_AGE || age > MAX_AGE)
    throw invalid(`请填写真实的出生日期（年龄需在 ${MIN_AGE}–${MAX_AGE} 岁之间）`, 'birthday');
  return day;
}

export interface Region {
  provinceId: number | null;
  cityId: number | null;
  countyId: number | null;
}

/** Check a region chain (filling upper levels from lower ones); all null clears it. */
export function checkRegion(input: Region): Region {
  const { countyId } = input;
  let { provinceId, cityId } = input;
  if (countyId !== null) {
    const k = regionById(countyId);
    if (!k || k.level !== 3) throw invalid('所选区县不存在，请重新选择常住地区', 'countyId');
    cityId ??= k.parentId;
    if (k.parentId !== cityId) throw invalid('所选区县不属于所选城市，请重新选择常住地区', 'countyId');
  }
  if (cityId !== null) {
    const c = regionById(cityId);
    if (!c || c.level !== 2) throw invalid('所选城市不存在，请重新选择常住地区', 'cityId');
    provinceId ??= c.parentId;
    if (c.parentId !== provinceId) throw invalid('所选城市不属于所选省份，请重新选择常住地区', 'cityId');
  }
  if (provinceId !== null) {
    const p = regionById(provinceId);
    if (!p || p.level !== 1) throw invalid('所选省份不存在，请重新选择常住地区', 'provinceId');
  }
  return { provinceId, cityId, countyId };
}

const LOCKED = { gender: '性别', birthday: '出生日期' } as const;

/**
 * The row values a patch leads to (validated against the current row). Fields absent from the
 * patch keep their value; region fields replace the region as a whole.
 */
export function applyPatch(current: PropertiesRow | null, patch: PropertyPatch, now: number) {
  for (const key of ['gender', 'birthday'] as const) {
    if (patch[key] === undefined) continue;
    const was = current?.[key] ?? null;
    if (was !== null && patch[key] !== was)
      throw new AppError('PROPERTY_LOCKED', `${LOCKED[key]}填写后不可修改，如需更正请联系客服`, { field: key });
  }
  if (patch.birthday) checkBirthday(patch.birthday, now);
  const regionGiven = patch.provinceId !== undefined || patch.cityId !== undefined || patch.countyId !== undefined;
  const region = regionGiven
    ? checkRegion({
        provinceId: patch.provinceId ?? null,
        cityId: patch.cityId ?? null,
        countyId: patch.countyId ?? null,
      })
    : null;
  const pick = <K extends 'gender' | 'birthday' | 'education' | 'occupation' | 'income' | 'marital'>(k: K) =>
    patch[k] === undefined ? (current?.[k] ?? null) : patch[k];
  return {
    gender: pick('gender'),
    birthday: pick('birthday'),
    provinceId: region ? region.provinceId : (current?.provinceId ?? null),
    cityId: region ? region.cityId : (current?.cityId ?? null),
    countyId: region ? region.countyId : (current?.countyId ?? null),
    education: pick('education'),
    occupation: pick('occupation'),
    income: pick('income'),
    marital: pick('marital'),
  };
}

/** Write the member's properties (insert or update) inside `db` (a transaction or the database). */
export async function writeProperties(
  db: Executor,
  memberId: number,
  values: ReturnType<typeof applyPatch>,
  now: number,
): Promise<PropertiesRow> {
  const set = { ...values, updatedAt: new Date(now) };
  const [row] = await db
    .insert(memberProperties)
    .values({ memberId, ...set })
    .onConflictDoUpdate({ target: memberProperties.memberId, set })
    .returning();
  return row!;
}

/**
 * The member's properties (null before the first save), read for update with the member row
 * locked: it serialises this member's property saves and questionnaire submissions, so two of them
 * cannot interleave the locked fields. Call inside a transaction.
 */
export async function lockProperties(tx: Executor, memberId: number): Promise<PropertiesRow | null> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
  const [current] = await tx
    .select()
    .from(memberProperties)
    .where(eq(memberProperties.memberId, memberId))
    .limit(1)
    .for('update');
  return current ?? null;
}

/** POST /v1/users/property. */
export async function updateProperties(ctx: AppContext, memberId: number, patch: PropertyPatch): Promise<PropertyData> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const values = applyPatch(await lockProperties(tx, memberId), patch, now);
    return toProperty(await writeProperties(tx, memberId, values, now));
  });
}
