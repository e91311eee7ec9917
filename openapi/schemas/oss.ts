/**
 * Direct browser uploads to OSS: the signed form policy.
 */
import { z } from 'zod';
import { Timestamp, Url } from './common';

const UploadModule = z.enum(['avatar', 'feedback', 'task', 'forum']).meta({
  description:
    '上传用途（决定目录、大小与类型限制）：avatar 头像；feedback 反馈截图；task 任务截图（淘宝任务等）；forum 论坛图片',
});

export const OssPolicyQuery = z.object({
  module: UploadModule,
});

export const OssPolicy = z
  .object({
    host: Url.meta({ description: '上传目标地址（表单 POST 到这里）' }),
    OSSAccessKeyId: z.string().meta({ description: '表单字段 OSSAccessKeyId' }),
    Signature: z.string().meta({ description: '表单字段 Signature' }),
    policy: z.string().meta({ description: '表单字段 policy（base64 编码的上传策略）' }),
    dir: z
      .string()
      .meta({ description: '对象 key 必须以此目录开头，如 avatar/123/；文件名为时间戳 + 4 位随机数 + 扩展名' }),
    successActionStatus: z.literal('200').meta({ description: '表单字段 success_action_status 的取值' }),
    acl: z
      .literal('private')
      .nullable()
      .meta({ description: '需要时作为请求头 x-oss-object-acl 发送；为 null 时不发送' }),
    maxSize: z.int().positive().meta({ description: '单个文件最大字节数' }),
    accept: z.array(z.string()).meta({ description: '允许的 MIME 类型' }),
    publicBase: Url.meta({ description: '上传后访问地址前缀：publicBase + key' }),
    expire: Timestamp.meta({ description: '策略过期时间' }),
  })
  .meta({ id: 'OssPolicy', description: 'OSS 表单直传策略（PostObject）' });
