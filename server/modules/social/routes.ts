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
import { handle } from '../../http/handle';
import { requesterOf } from '../qrcode/requester';
import {
  authorize,
  bindBySms,
  callback,
  listBindings,
  listProviders,
  oauthBind,
  registerBySms,
  unbind,
} from './service';

export const routes = [
  handle(listSnsProviders, async ({ ctx }) => listProviders(ctx)),
  handle(getSnsAuthorize, async ({ ctx, query, viewer, request }) =>
    authorize(
      ctx,
      { platform: query.platform, purpose: query.purpose, redirect: query.redirect, mobile: query.mobile === '1' },
      viewer?.id ?? null,
      requesterOf(request),
    ),
  ),
  handle(wechatCallback, async ({ ctx, query, request }) => callback(ctx, 1, query, requesterOf(request))),
  handle(qqCallback, async ({ ctx, query, request }) => callback(ctx, 2, query, requesterOf(request))),
  handle(weiboCallback, async ({ ctx, query, request }) => callback(ctx, 3, query, requesterOf(request))),
  handle(alipayCallback, async ({ ctx, query, request }) => callback(ctx, 4, query, requesterOf(request))),
  handle(snsBind, async ({ ctx, body, request }) => bindBySms(ctx, body, requesterOf(request))),
  handle(snsRegister, async ({ ctx, body, request }) => registerBySms(ctx, body, requesterOf(request))),

  handle(listSnsBindings, async ({ ctx, member }) => listBindings(ctx, member.id)),
  handle(unbindSns, async ({ ctx, member, body }) => unbind(ctx, member.id, body.platform)),
  handle(bindWechat, async ({ ctx, member, body }) => oauthBind(ctx, member.id, 1, body)),
  handle(bindQq, async ({ ctx, member, body }) => oauthBind(ctx, member.id, 2, body)),
  handle(bindWeibo, async ({ ctx, member, body }) => oauthBind(ctx, member.id, 3, body)),
  handle(bindAlipay, async ({ ctx, member, body }) => oauthBind(ctx, member.id, 4, body)),
];
