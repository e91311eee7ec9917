import { getRsaKey } from '../../../openapi/operations/auth';
import { handle } from '../../http/handle';

export const routes = [handle(getRsaKey, async ({ ctx }) => ({ publicKey: ctx.rsa.publicKey, keyId: ctx.rsa.keyId }))];
