import {
  checkLoginQrcode,
  confirmLoginQrcode,
  getLoginQrcode,
  scanLoginQrcode,
} from '../../../openapi/operations/qrcode';
import { handle } from '../../http/handle';
import { checkTicket, createTicket, decideTicket, scanTicket } from './service';

const requester = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: Array.isArray(ua) ? ua[0] : ua };
};

export const routes = [
  handle(getLoginQrcode, async ({ ctx, request }) => createTicket(ctx, requester(request))),
  handle(checkLoginQrcode, async ({ ctx, query, request }) => checkTicket(ctx, query.ticket, requester(request))),
  handle(scanLoginQrcode, async ({ ctx, member, body }) => scanTicket(ctx, member.id, body.ticket)),
  handle(confirmLoginQrcode, async ({ ctx, member, body }) => decideTicket(ctx, member.id, body.ticket, body.approve)),
];
