/**
 * The member's delivery address (收货地址, `/v1/users/consignee`): one per member, replaced on
 * save. Regions must form a real chain (county in city in province, GB/T 2260 codes), checked
 * against the region data in ./regions.ts. Physical exchanges copy it at redemption.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Consignee, ConsigneeBody } from '../../../openapi/schemas/consignee';
import type { AppContext } from '../../context';
import { consignees } from '../../db/schema-exchange';
import { AppError } from '../../http/errors';
import { regionPath } from './regions';
import type { Executor } from '../../kernel/db';

export type ConsigneeData = z.output<typeof Consignee>;

export async function consigneeRow(db: Executor, memberId: number) {
  const [row] = await db.select().from(consignees).where(eq(consignees.memberId, memberId)).limit(1);
  return row;
}

function toView(row: typeof consignees.$inferSelect): ConsigneeData {
  return {
    name: row.name,
    mobile: row.mobile,
    provinceId: row.provinceId,
    cityId: row.cityId,
    countyId: row.countyId,
    address: row.address,
    // Region data can change between releases; a code that vanished still shows its numbers.
    regionName:
      regionPath(row.provinceId, row.cityId, row.countyId) ?? `${row.provinceId} ${row.cityId} ${row.countyId}`,
    updatedAt: row.updatedAt.getTime(),
  };
}

export async function getConsignee(ctx: Pick<AppContext, 'db'>, memberId: number): Promise<ConsigneeData | null> {
  const row = await consigneeRow(ctx.db, memberId);
  return row ? toView(row) : null;
}

export async function saveConsignee(
  ctx: Pick<AppContext, 'db' | 'now'>,
  memberId: number,
  body: z.output<typeof ConsigneeBody>,
): Promise<ConsigneeData> {
  if (!regionPath(body.provinceId, body.cityId, body.countyId)) throw new AppError('REGION_INVALID');
  const values = {
    memberId,
    name: body.name,
    mobile: body.mobile,
    provinceId: body.provinceId,
    cityId: body.cityId,
    countyId: body.countyId,
    address: body.address,
    updatedAt: new Date(ctx.now()),
  };
  const [row] = await ctx.db
    .insert(consignees)
    .values(values)
    .onConflictDoUpdate({ target: consignees.memberId, set: values })
    .returning();
  return toView(row!);
}

/** The snapshot a physical exchange keeps; null when the member has no address. */
export async function shippingSnapshot(db: Executor, memberId: number) {
  const row = await consigneeRow(db, memberId);
  if (!row) return null;
  return { name: row.name, mobile: row.mobile, regionName: toView(row).regionName, address: row.address };
}
