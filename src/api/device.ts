/** Device type sent as `X-Device-Type` (spec §3 enumeration): 1 mobile, 2 desktop, 3 tablet. */
export const DeviceType = { MOBILE: 1, DESKTOP: 2, TABLET: 3 } as const;
export type DeviceType = (typeof DeviceType)[keyof typeof DeviceType];

export interface DeviceHints {
  userAgent?: string;
  /** Viewport width in CSS px. */
  width?: number;
  /** `navigator.maxTouchPoints`. */
  maxTouchPoints?: number;
}

const TABLET_UA = /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)|SM-T\d|MatePad|HarmonyOS.*Pad/i;
const MOBILE_UA = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile|MicroMessenger.*Mobile/i;

/**
 * Detect the device type from the user agent first; the viewport only decides for touch
 * devices whose user agent does not say (iPadOS reports itself as a Mac).
 */
export function detectDeviceType(hints: DeviceHints = currentHints()): DeviceType {
  const ua = hints.userAgent ?? '';
  const touch = (hints.maxTouchPoints ?? 0) > 1;
  if (TABLET_UA.test(ua)) return DeviceType.TABLET;
  if (/Android/i.test(ua)) return /Mobile/i.test(ua) ? DeviceType.MOBILE : DeviceType.TABLET;
  if (MOBILE_UA.test(ua)) return DeviceType.MOBILE;
  if (touch && /Macintosh/i.test(ua)) return DeviceType.TABLET; // iPadOS 13+
  if (touch && hints.width !== undefined) {
    if (hints.width < 768) return DeviceType.MOBILE;
    if (hints.width < 1280) return DeviceType.TABLET;
  }
  return DeviceType.DESKTOP;
}

function currentHints(): DeviceHints {
  const hints: DeviceHints = {};
  if (typeof navigator !== 'undefined') {
    hints.userAgent = navigator.userAgent;
    hints.maxTouchPoints = navigator.maxTouchPoints;
  }
  if (typeof window !== 'undefined') hints.width = window.innerWidth;
  return hints;
}

/** Which app download fits the visitor: the phone's own store, or both (with a QR code) elsewhere. */
export type AppPlatform = 'android' | 'ios' | 'desktop';

/** The app platform of a user agent: iPhone/iPad (also iPadOS as a touch Mac) → ios, Android → android. */
export function appPlatformOf(hints: DeviceHints = currentHints()): AppPlatform {
  const ua = hints.userAgent ?? '';
  if (/iPhone|iPad|iPod/i.test(ua) || ((hints.maxTouchPoints ?? 0) > 1 && /Macintosh/i.test(ua))) return 'ios';
  if (/Android|HarmonyOS/i.test(ua)) return 'android';
  return 'desktop';
}

/** WeChat's in-app browser, which opens neither app stores nor installers. */
export const isWeChatBrowser = (userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent) =>
  /MicroMessenger/i.test(userAgent);
