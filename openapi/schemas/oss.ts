/**
 * Direct browser uploads (OSS PostObject): the signed form policy.
 */
import { z } from 'zod';
import { IMAGE_TYPE_LIST, UPLOAD_MODULES } from '../rules/uploads';
import { Timestamp, Url } from './common';

const UploadModule = z.enum(UPLOAD_MODULES).meta({
  description:
    '上传用途（决定目录、大小与类型限制）：avatar 头像（2 MB）；feedback 反馈截图（5 MB）；task 任务截图（5 MB，不收 GIF）；forum 论坛图片（5 MB）',
});

export const OssPolicyQuery = z.object({
  module: UploadModule,
});

const FormField = z
  .object({
    name: z.string().meta({ description: '表单字段名' }),
    value: z.string().meta({ description: '表单字段值（原样发送）' }),
  })
  .meta({ id: 'OssFormField', description: '一个表单字段' });

export const OssPolicy = z
  .object({
    host: Url.meta({
      description: '上传目标（表单 POST 到这里）：配置了 OSS 时为 Bucket 地址，否则为本站内置接收端 /uploads',
    }),
    fields: z.array(FormField).meta({
      description:
        '按顺序放在表单最前面的字段：policy、x-oss-signature-version、x-oss-credential、x-oss-date、x-oss-signature、success_action_status，需要时还有 x-oss-object-acl。浏览器随后加上 key（dir + 文件名）、Content-Type（文件的 MIME 类型），最后是 file',
    }),
    dir: z.string().meta({
      description:
        '对象 key 必须以此目录开头，如 avatar/123/；文件名为毫秒时间戳 + 4 位随机数 + 扩展名（规格 §9），如 avatar/123/17000000000004821.png',
    }),
    maxSize: z.int().positive().meta({ description: '单个文件最大字节数（策略的 content-length-range 上限）' }),
    accept: z.array(z.enum(IMAGE_TYPE_LIST)).meta({ description: '允许的 MIME 类型（策略的 content-type 条件）' }),
    publicBase: Url.meta({ description: '上传后的访问地址前缀：publicBase + key' }),
    expire: Timestamp.meta({ description: '策略过期时间（签发后 10 分钟）' }),
  })
  .meta({
    id: 'OssPolicy',
    description:
      'OSS 表单直传策略（PostObject，签名 V4：OSS4-HMAC-SHA256）。规格 §3/§7 记载的是 V1 签名的字段（OSSAccessKeyId、Signature、policy）；本接口改用阿里云推荐的 V4：V1 的 OSSAccessKeyId 与 Signature 不再出现，改为 x-oss-credential（AccessKeyId/日期/地域/oss/aliyun_v4_request）、x-oss-date、x-oss-signature-version 与 x-oss-signature（派生密钥对 base64 policy 的 HMAC-SHA256，十六进制）。所有表单字段按顺序放在 fields 里，浏览器不必知道签名版本。',
  });
