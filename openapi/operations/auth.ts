import { op } from '../op';
import { RsaPublicKey } from '../schemas/auth';

export const getRsaKey = op({
  id: 'getRsaKey',
  method: 'get',
  path: '/v1/auth/rsa-key',
  auth: 'none',
  tag: 'auth',
  summary: '获取加密手机号与验证码用的 RSA 公钥',
  response: RsaPublicKey,
});
