/**
 * Small helpers shared by QR and social login: random one-time secrets (stored only hashed),
 * a masked IP for display, and a plain-words device description from a User-Agent.
 */
import { createHash, randomBytes } from 'node:crypto';

/** 192 random bits, URL-safe (32 characters). */
export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** What is stored for a secret: SHA-256, hex. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** SHA-256 of an address with a purpose prefix (request counting only). */
export function ipHash(ip: string, purpose: string): string {
  return createHash('sha256').update(`${purpose}:${ip}`, 'utf8').digest('hex');
}

/** `203.0.113.7` → `203.0.*.*`; `2001:db8:1:2::5` → `2001:db8:*`; unknown → `未知`. */
export function maskIp(ip: string | undefined): string {
  if (!ip) return '未知';
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.*.*`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter((g) => g !== '');
    return groups.length >= 2 ? `${groups[0]}:${groups[1]}:*` : '*';
  }
  return '未知';
}

export interface DeviceInfo {
  browser: string;
  os: string;
  description: string;
}

const major = (ua: string, re: RegExp): string => {
  const m = re.exec(ua);
  return m?.[1] ? ` ${m[1]}` : '';
};

function osOf(ua: string): string {
  if (/HarmonyOS|OpenHarmony/i.test(ua)) return '鸿蒙 HarmonyOS';
  const win = /Windows NT (\d+\.\d+)/.exec(ua);
  if (win) {
    const names: Record<string, string> = {
      '10.0': 'Windows 10/11',
      '6.3': 'Windows 8.1',
      '6.2': 'Windows 8',
      '6.1': 'Windows 7',
      '6.0': 'Windows Vista',
      '5.1': 'Windows XP',
    };
    return names[win[1]!] ?? 'Windows';
  }
  if (/iPad/.test(ua)) return 'iPadOS';
  if (/iPhone|iPod/.test(ua)) return `iOS${major(ua, /OS (\d+)_/)}`;
  if (/Android/.test(ua)) return `Android${major(ua, /Android (\d+)/)}`;
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return '未知系统';
}

function browserOf(ua: string): string {
  if (/MicroMessenger/i.test(ua)) return `微信内置浏览器${major(ua, /MicroMessenger\/(\d+)/i)}`;
  if (/\bQQ\//.test(ua)) return 'QQ 内置浏览器';
  if (/QQBrowser/i.test(ua)) return `QQ 浏览器${major(ua, /QQBrowser\/(\d+)/i)}`;
  if (/UCBrowser/i.test(ua)) return `UC 浏览器${major(ua, /UCBrowser\/(\d+)/i)}`;
  if (/QihooBrowser|360SE|360EE/i.test(ua)) return '360 浏览器';
  if (/Edg(?:e|A|iOS)?\//.test(ua)) return `Edge${major(ua, /Edg(?:e|A|iOS)?\/(\d+)/)}`;
  if (/OPR\//.test(ua)) return `Opera${major(ua, /OPR\/(\d+)/)}`;
  if (/Firefox\//.test(ua)) return `Firefox${major(ua, /Firefox\/(\d+)/)}`;
  if (/FxiOS\//.test(ua)) return `Firefox${major(ua, /FxiOS\/(\d+)/)}`;
  if (/CriOS\//.test(ua)) return `Chrome${major(ua, /CriOS\/(\d+)/)}`;
  if (/Chrome\//.test(ua)) return `Chrome${major(ua, /Chrome\/(\d+)/)}`;
  if (/Safari\//.test(ua) && /Version\//.test(ua)) return `Safari${major(ua, /Version\/(\d+)/)}`;
  if (/Trident\/|MSIE /.test(ua)) return 'Internet Explorer';
  return '未知浏览器';
}

/** A User-Agent in plain words: `{ browser: 'Chrome 120', os: 'Windows 10/11', description: 'Windows 10/11 上的 Chrome 120' }`. */
export function describeDevice(userAgent: string | undefined): DeviceInfo {
  const ua = userAgent ?? '';
  const browser = browserOf(ua);
  const os = osOf(ua);
  return { browser, os, description: `${os} 上的 ${browser}` };
}
