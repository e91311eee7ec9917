import {
  checkLoginQrcode,
  confirmLoginQrcode,
  getLoginQrcode,
  scanLoginQrcode,
} from '../../../openapi/operations/qrcode';
import { handle } from '../../http/handle';
import { requesterOf } from './requester';
import { originOf } from '../../http/origin';
import { checkTicket, createTicket, decideTicket, scanTicket } from './service';

export const routes = [
  handle(getLoginQrcode, async ({ ctx, request }) =>
    createTicket(ctx, requesterOf(request), originOf(ctx.config, request)),
  ),
  handle(checkLoginQrcode, async ({ ctx, query, request }) => checkTicket(ctx, query.ticket, requesterOf(request))),
  handle(scanLoginQrcode, async ({ ctx, member, body }) => scanTicket(ctx, member.id, body.ticket)),
  handle(confirmLoginQrcode, async ({ ctx, member, body }) => decideTicket(ctx, member.id, body.ticket, body.approve)),
];
