import { getPoints } from '../../../openapi/operations/rewards';
import { handle } from '../../http/handle';
import { summary } from './ledger';

export const routes = [handle(getPoints, async ({ member, ctx }) => summary(ctx, member.id))];
