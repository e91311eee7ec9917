/**
 * QR login: a desktop asks for a ticket and shows `<origin>/qrcode/confirm?ticket=…` as a QR
 * code; a member logged in on the phone opens it, sees which device asks (scan), and confirms or
 * refuses; the desktop's polling then receives the tokens once.
 *
 *   waiting ──scan──▶ scanned ──confirm──▶ confirmed ──desktop collects──▶ (consumed)
 *                        └──────refuse──▶ refused
 *   waiting/scanned past expires_at → expired; a consumed or unknown ticket also reads expired.
 *
 * Everything is in the database (no process state): any API process can answer any step.
 * Times come from `ctx.now()`, never SQL now(), so tests can move the clock.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { QrcodeCheck, QrcodeScanResult, QrcodeTicket } from '../../../openapi/schemas/qrcode';
import type { AppContext } from '../../context';
import { qrTickets } from '../../db/schema-social';
import { AppError } from '../../http/errors';
import { issueLogin } from '../auth/accounts';
import { describeDevice, maskIp, newSecret, secretHash } from './device';
import { admitPerIp, type Requester } from './requester';

/** A QR code is good for 2 minutes. */
export const QR_TTL_MS = 120_000;
/** After the phone confirms, the desktop has this long to collect its tokens. */
export const QR_COLLECT_MS = 60_000;
/** What the desktop is told about polling. */
const QR_POLL_MS = 2_000;
/** Tickets one address may ask for per minute (each is a database row). */
export const QR_PER_IP_PER_MINUTE = 30;

/** The SPA's phone-side confirm page; the ticket goes in the query. */
const QR_CONFIRM_PATH = '/qrcode/confirm';

type Ticket = z.output<typeof QrcodeTicket>;
type Check = z.output<typeof QrcodeCheck>;
type ScanResult = z.output<typeof QrcodeScanResult>;

export async function createTicket(
  ctx: AppContext,
  from: Requester,
  origin: string = ctx.config.publicOrigin,
): Promise<Ticket> {
  const now = new Date(ctx.now());
  const hashedIp = await admitPerIp(ctx, qrTickets, from.ip, {
    purpose: 'qr',
    perMinute: QR_PER_IP_PER_MINUTE,
    message: '二维码刷新太频繁，请稍后再试',
    now,
  });

  const ticket = newSecret();
  const expiresAt = new Date(now.getTime() + QR_TTL_MS);
  await ctx.db.insert(qrTickets).values({
    ticketHash: secretHash(ticket),
    status: 'waiting',
    userAgent: (from.userAgent ?? '').slice(0, 512),
    ipHash: hashedIp,
    ipMasked: maskIp(from.ip),
    createdAt: now,
    expiresAt,
  });
  const url = `${origin}${QR_CONFIRM_PATH}?ticket=${encodeURIComponent(ticket)}`;
  return { ticket, url, expiredAt: expiresAt.getTime(), pollInterval: QR_POLL_MS };
}

/** The desktop's poll. `confirmed` comes with the login exactly once; then the ticket is dead. */
export async function checkTicket(ctx: AppContext, ticket: string, from: Requester): Promise<Check> {
  const now = new Date(ctx.now());
  const hash = secretHash(ticket);
  const [row] = await ctx.db.select().from(qrTickets).where(eq(qrTickets.ticketHash, hash));
  if (!row || row.consumedAt || row.expiresAt <= now) return { status: 'expired', login: null };
  if (row.status === 'waiting' || row.status === 'scanned' || row.status === 'refused') {
    return { status: row.status, login: null };
  }
  // confirmed: take it (one poll wins), then log the confirming member in on this desktop.
  const [taken] = await ctx.db
    .update(qrTickets)
    .set({ consumedAt: now })
    .where(
      and(
        eq(qrTickets.ticketHash, hash),
        eq(qrTickets.status, 'confirmed'),
        isNull(qrTickets.consumedAt),
        gt(qrTickets.expiresAt, now),
      ),
    )
    .returning({ memberId: qrTickets.memberId });
  if (!taken?.memberId) return { status: 'expired', login: null };
  const login = await issueLogin(ctx, taken.memberId, { method: 'qrcode', ip: from.ip, userAgent: from.userAgent });
  return { status: 'confirmed', login };
}

/** Why a ticket cannot be scanned or decided by this member, as the refusal to throw. */
async function refusal(ctx: AppContext, hash: string, memberId: number, now: Date): Promise<AppError> {
  const [row] = await ctx.db.select().from(qrTickets).where(eq(qrTickets.ticketHash, hash));
  if (!row || row.consumedAt || row.expiresAt <= now) return new AppError('QRCODE_EXPIRED');
  if (row.status === 'confirmed' || row.status === 'refused') {
    return new AppError('QRCODE_EXPIRED', '该二维码已使用，请在电脑上刷新二维码');
  }
  if (row.memberId !== null && row.memberId !== memberId) {
    return new AppError('QRCODE_EXPIRED', '该二维码已被其他账号扫描，请在电脑上刷新二维码');
  }
  return new AppError('QRCODE_EXPIRED', '请先扫描二维码');
}

/** The phone opened the QR page: the ticket is now this member's to decide; show who asks. */
export async function scanTicket(ctx: AppContext, memberId: number, ticket: string): Promise<ScanResult> {
  const now = new Date(ctx.now());
  const hash = secretHash(ticket);
  const [row] = await ctx.db
    .update(qrTickets)
    .set({ status: 'scanned', memberId, scannedAt: now })
    .where(
      and(
        eq(qrTickets.ticketHash, hash),
        gt(qrTickets.expiresAt, now),
        isNull(qrTickets.consumedAt),
        or(eq(qrTickets.status, 'waiting'), and(eq(qrTickets.status, 'scanned'), eq(qrTickets.memberId, memberId))),
      ),
    )
    .returning();
  if (!row) throw await refusal(ctx, hash, memberId, now);
  return {
    status: 'scanned',
    device: { ...describeDevice(row.userAgent), ip: row.ipMasked, requestedAt: row.createdAt.getTime() },
    expiredAt: row.expiresAt.getTime(),
  };
}

/** The member who scanned confirms (the desktop may then collect the tokens) or refuses. */
export async function decideTicket(
  ctx: AppContext,
  memberId: number,
  ticket: string,
  approve: boolean,
): Promise<{ status: 'confirmed' | 'refused' }> {
  const now = new Date(ctx.now());
  const hash = secretHash(ticket);
  const [row] = await ctx.db
    .update(qrTickets)
    .set(
      approve
        ? { status: 'confirmed', decidedAt: now, expiresAt: new Date(now.getTime() + QR_COLLECT_MS) }
        : { status: 'refused', decidedAt: now },
    )
    .where(
      and(
        eq(qrTickets.ticketHash, hash),
        gt(qrTickets.expiresAt, now),
        isNull(qrTickets.consumedAt),
        eq(qrTickets.status, 'scanned'),
        eq(qrTickets.memberId, memberId),
      ),
    )
    .returning({ status: qrTickets.status });
  if (!row) throw await refusal(ctx, hash, memberId, now);
  return { status: approve ? 'confirmed' : 'refused' };
}
