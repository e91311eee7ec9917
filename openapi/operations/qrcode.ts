/** Desktop QR login. */
import { MEMBER_GONE, op } from '../op';
import {
  QrcodeCheck,
  QrcodeCheckQuery,
  QrcodeConfirmBody,
  QrcodeConfirmResult,
  QrcodeScanBody,
  QrcodeScanResult,
  QrcodeTicket,
} from '../schemas/qrcode';

export const getLoginQrcode = op({
  id: 'getLoginQrcode',
  method: 'get',
  path: '/v1/auth/qrcode/login',
  auth: 'none',
  tag: 'auth',
  summary: '电脑端获取扫码登录二维码',
  response: QrcodeTicket,
  limited: '同一 IP 每分钟生成的二维码过多时',
});

export const checkLoginQrcode = op({
  id: 'checkLoginQrcode',
  method: 'get',
  path: '/v1/auth/qrcode/check',
  auth: 'none',
  tag: 'auth',
  summary: '电脑端轮询扫码登录状态；确认后返回登录结果',
  query: QrcodeCheckQuery,
  response: QrcodeCheck,
  unauthorized: MEMBER_GONE,
});

export const scanLoginQrcode = op({
  id: 'scanLoginQrcode',
  method: 'post',
  path: '/v1/auth/qrcode/scan',
  auth: 'member',
  tag: 'auth',
  summary: '手机端扫码：查看请求登录的电脑设备，二维码进入“已扫码”状态',
  body: QrcodeScanBody,
  response: QrcodeScanResult,
});

export const confirmLoginQrcode = op({
  id: 'confirmLoginQrcode',
  method: 'post',
  path: '/v1/auth/qrcode/confirm',
  auth: 'member',
  tag: 'auth',
  summary: '手机端确认或拒绝电脑端扫码登录',
  body: QrcodeConfirmBody,
  response: QrcodeConfirmResult,
});
