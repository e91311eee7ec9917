/** The header's call: the caller's own account. Only the caller's rows. */
import { getAccount } from '../../../openapi/operations/account';
import { handle } from '../../http/handle';
import { accountOf } from './service';

export const routes = [handle(getAccount, async ({ ctx, member }) => accountOf(ctx, member.id))];
