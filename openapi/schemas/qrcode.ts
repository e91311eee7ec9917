/**
 * Desktop QR login: the ticket, its polling and the phone-side scan and confirm.
 */
import { z } from 'zod';
import { LoginResult } from './auth';
import { NonEmpty, Timestamp, Url } from './common';

export const QrcodeTicket = z
  .object({
    ticket: z.string().meta({ description: '二维码票据，轮询与确认时携带' }),
    url: Url.meta({ description: '二维码内容：手机端打开的确认页地址（已包含票据）' }),
    expiredAt: Timestamp.meta({ description: '二维码过期时间' }),
    pollInterval: z.int().positive().meta({ description: '建议的轮询间隔（毫秒）' }),
  })
  .meta({ id: 'QrcodeTicket', description: '电脑端扫码登录的二维码' });

export const QrcodeCheckQuery = z.object({
  ticket: NonEmpty(128).meta({ description: '二维码票据' }),
});

export const QrcodeStatus = z.enum(['waiting', 'scanned', 'confirmed', 'refused', 'expired']).meta({
  description:
    'waiting 等待扫码；scanned 手机已扫码、等待确认；confirmed 已确认（login 有值，只返回一次）；refused 手机端拒绝；expired 已过期或已使用',
});

export const QrcodeCheck = z
  .object({
    status: QrcodeStatus,
    login: LoginResult.nullable().meta({ description: 'status 为 confirmed 时的登录结果（只返回一次），否则为 null' }),
  })
  .meta({ id: 'QrcodeCheck', description: '扫码登录的轮询结果' });

/** The ticket the phone read from the QR code. */
const ScannedTicket = NonEmpty(128).meta({ description: '从二维码中读到的票据' });

export const QrcodeConfirmBody = z
  .object({
    ticket: ScannedTicket,
    approve: z.boolean().meta({ description: 'true 允许电脑端登录；false 拒绝' }),
  })
  .meta({ id: 'QrcodeConfirmBody', description: '手机端确认（或拒绝）电脑端扫码登录' });

export const QrcodeScanBody = z
  .object({
    ticket: ScannedTicket,
  })
  .meta({ id: 'QrcodeScanBody', description: '手机端扫码：登记扫码并查看请求登录的设备' });

const QrcodeDevice = z
  .object({
    browser: z.string().meta({ description: '浏览器，如 Chrome 120；无法识别时为“未知浏览器”' }),
    os: z.string().meta({ description: '操作系统，如 Windows 10/11、macOS；无法识别时为“未知系统”' }),
    description: z.string().meta({ description: '给用户看的设备说明，如“Windows 10/11 上的 Chrome 120”' }),
    ip: z.string().meta({ description: '请求登录的电脑的 IP（脱敏，如 203.0.113.*）' }),
    requestedAt: Timestamp.meta({ description: '电脑端生成二维码的时间' }),
  })
  .meta({ id: 'QrcodeDevice', description: '请求扫码登录的电脑端设备' });

export const QrcodeScanResult = z
  .object({
    status: QrcodeStatus,
    device: QrcodeDevice,
    expiredAt: Timestamp.meta({ description: '二维码过期时间；需在此之前确认' }),
  })
  .meta({ id: 'QrcodeScanResult', description: '扫码结果：请求登录的设备，等待手机端确认或拒绝' });

export const QrcodeConfirmResult = z
  .object({ status: QrcodeStatus })
  .meta({ id: 'QrcodeConfirmResult', description: '确认后二维码的状态' });
