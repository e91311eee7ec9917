/**
 * The mobile app's download page.
 */
import { z } from 'zod';
import { Timestamp, Url } from './common';

const AppRelease = z
  .object({
    version: z.string().meta({ description: '版本号' }),
    url: Url.meta({ description: '下载地址（安卓为安装包，iOS 为 App Store）' }),
    size: z.int().nonnegative().nullable().meta({ description: '安装包大小（字节）；iOS 为 null' }),
    updatedAt: Timestamp.meta({ description: '发布时间' }),
    notes: z.string().nullable().meta({ description: '更新说明' }),
  })
  .meta({ id: 'AppRelease', description: '某平台的最新版本' });

export const AppDownload = z
  .object({
    android: AppRelease.nullable().meta({ description: '安卓版；暂无为 null' }),
    ios: AppRelease.nullable().meta({ description: 'iOS 版；暂无为 null' }),
    pageUrl: Url.meta({ description: '下载页地址（用于生成二维码）' }),
  })
  .meta({ id: 'AppDownload', description: 'App 下载信息' });

/** Whether the site is open, for the maintenance page to know when to send the member back. */
export const SiteStatus = z
  .object({
    maintenance: z.boolean().meta({ description: '是否在维护中：维护期间其他接口都答 10014' }),
    message: z.string().nullable().meta({ description: '维护说明（如“预计 23:00 恢复”）；无则为 null' }),
  })
  .meta({ id: 'SiteStatus', description: '站点是否开放' });
