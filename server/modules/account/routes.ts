/**
 * The caller's own account: the header's call (account) and the personal centre's changes
 * (nickname, mobile, password, e-mail). Only the caller's rows.
 */
import {
  bindEmail,
  changeMobile,
  changePassword,
  getAccount,
  updateNickname,
} from '../../../openapi/operations/account';
import { handle } from '../../http/handle';
import { accountOf } from './service';
import * as settings from './settings';

export const routes = [
  handle(getAccount, async ({ ctx, member }) => accountOf(ctx, member.id)),
  handle(updateNickname, async ({ ctx, member, body }) => settings.updateNickname(ctx, member.id, body.nickname)),
  handle(changeMobile, async ({ ctx, member, body }) => settings.changeMobile(ctx, member.id, body)),
  handle(changePassword, async ({ ctx, member, body }) => settings.changePassword(ctx, member, body)),
  handle(bindEmail, async ({ ctx, member, body }) => settings.bindEmail(ctx, member.id, body)),
];
