import { z } from 'zod';

export const RsaPublicKey = z
  .object({
    publicKey: z.string().meta({ description: 'PEM 格式的 RSA 公钥（SPKI），客户端用 jsencrypt 加密手机号与验证码' }),
    keyId: z.string().meta({ description: '公钥指纹（SHA-256 前 16 位十六进制），公钥更换时变化' }),
  })
  .meta({ id: 'RsaPublicKey' });
