import {
  listRegions,
  getConsignee as getConsigneeOp,
  saveConsignee as saveConsigneeOp,
} from '../../../openapi/operations/consignee';
import { handle } from '../../http/handle';
import { childrenOf } from './regions';
import { getConsignee, saveConsignee } from './service';

export const routes = [
  handle(getConsigneeOp, async ({ member, ctx }) => getConsignee(ctx, member.id)),
  handle(saveConsigneeOp, async ({ member, ctx, body }) => saveConsignee(ctx, member.id, body)),
  handle(listRegions, async ({ query }) => childrenOf(query.parentId)),
];
