import {
  alipayCallback,
  getSnsAuthorize,
  listSnsProviders,
  qqCallback,
  snsBind,
  snsRegister,
  wechatCallback,
  weiboCallback,
  bindAlipay,
  bindQq,
  bindWechat,
  bindWeibo,
  listSnsBindings,
  unbindSns,
} from '../../../openapi/operations/social';
import type { FastifyRequest } from 'fastify';
import { handle } from '../../http/handle';
import {
  authorize,
  bindBySms,
  callback,
  listBindings,
  listProviders,
  oauthBind,
  registerBySms,
  unbind,
  type Caller,
} from './service';

const caller = (request: FastifyRequest): Caller => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export const routes = [
  handle(listSnsProviders, async ({ ctx }) => listProviders(ctx)),
  handle(getSnsAuthorize, async ({ ctx, query, viewer, request }) =>
    authorize(
      ctx,
      { platform: query.platform, purpose: query.purpose, redirect: query.redirect, mobile: query.mobile === '1' },
      viewer?.id ?? null,
      caller(request),
    ),
  ),
  handle(wechatCallback, async ({ ctx, query, request }) => callback(ctx, 1, query, caller(request))),
  handle(qqCallback, async ({ ctx, query, request }) => callback(ctx, 2, query, caller(request))),
  handle(weiboCallback, async ({ ctx, query, request }) => callback(ctx, 3, query, caller(request))),
  handle(alipayCallback, async ({ ctx, query, request }) => callback(ctx, 4, query, caller(request))),
  handle(snsBind, async ({ ctx, body, request }) => bindBySms(ctx, body, caller(request))),
  handle(snsRegister, async ({ ctx, body, request }) => registerBySms(ctx, body, caller(request))),

  handle(listSnsBindings, async ({ ctx, member }) => listBindings(ctx, member.id)),
  handle(unbindSns, async ({ ctx, member, body }) => unbind(ctx, member.id, body.platform)),
  handle(bindWechat, async ({ ctx, member, body }) => oauthBind(ctx, member.id, 1, body)),
  handle(bindQq, async ({ ctx, member, body }) => oauthBind(ctx, member.id, 2, body)),
  handle(bindWeibo, async ({ ctx, member, body }) => oauthBind(ctx, member.id, 3, body)),
  handle(bindAlipay, async ({ ctx, member, body }) => oauthBind(ctx, member.id, 4, body)),
];
