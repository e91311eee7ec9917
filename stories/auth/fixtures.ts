/** Shared sample data of the account stories. */
export const noop = () => {};

export const PROVIDERS = [
  { platform: 1, name: '微信' },
  { platform: 2, name: 'QQ' },
  { platform: 3, name: '微博' },
  { platform: 4, name: '支付宝' },
];

export const QR_URL = 'https://www.weidou.cn/qrcode/confirm?ticket=qr_7f3a9c2e5b814d6a';

export const phone = { globals: { viewport: { value: 'phone' } } } as const;
export const desktop = { globals: { viewport: { value: 'desktop' } } } as const;
