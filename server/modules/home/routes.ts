/** My home's prompts on load: only the caller's state. */
import { homeCheck } from '../../../openapi/operations/home';
import { handle } from '../../http/handle';
import { homeCheck as check } from './service';

export const routes = [handle(homeCheck, async ({ ctx, member }) => check(ctx, member.id))];
