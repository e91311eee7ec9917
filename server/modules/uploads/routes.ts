/** Upload policies and the avatar: `/v1/oss/policy`, `/v1/users/avatar`. */
import { updateAvatar } from '../../../openapi/operations/account';
import { getOssPolicy } from '../../../openapi/operations/oss';
import { handle } from '../../http/handle';
import { policyFor, setAvatar } from './service';

export const routes = [
  handle(getOssPolicy, async ({ ctx, member, query }) => policyFor(ctx, member.id, query.module)),
  handle(updateAvatar, async ({ ctx, member, body }) => setAvatar(ctx, member.id, body.key)),
];
