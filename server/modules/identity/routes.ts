import { getIdVerify as getIdVerifyOp, submitIdVerify as submitIdVerifyOp } from '../../../openapi/operations/identity';
import { handle } from '../../http/handle';
import { getIdVerify, submitIdVerify } from './service';

export const routes = [
  handle(getIdVerifyOp, async ({ member, ctx }) => getIdVerify(ctx, member.id)),
  handle(submitIdVerifyOp, async ({ member, ctx, body }) => submitIdVerify(ctx, member.id, body)),
];
