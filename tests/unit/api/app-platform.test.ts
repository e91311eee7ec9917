import { describe, expect, it } from 'vitest';
import { appPlatformOf, isWeChatBrowser } from '../../../src/api/device';

/** Which download the app pages offer (`/app`, `/app/down`, `/drainage`), and WeChat's in-app browser. */
const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HarmonyOS',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/107.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.40.2420(0x28002851) NetType/WIFI Language/zh_CN',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('appPlatformOf', () => {
  it.each([
    ['iphone', 0, 'ios'],
    ['ipadOs', 5, 'ios'],
    ['ipadOs', 0, 'desktop'], // a Mac without touch is a Mac
    ['android', 5, 'android'],
    ['harmony', 5, 'android'],
    ['wechatAndroid', 5, 'android'],
    ['windows', 0, 'desktop'],
  ] as const)('%s (touch points %d) → %s', (ua, maxTouchPoints, platform) => {
    expect(appPlatformOf({ userAgent: UA[ua], maxTouchPoints })).toBe(platform);
  });
});

describe('isWeChatBrowser', () => {
  it('is WeChat only when the user agent says MicroMessenger', () => {
    expect(isWeChatBrowser(UA.wechatAndroid)).toBe(true);
    expect(isWeChatBrowser(UA.android)).toBe(false);
    expect(isWeChatBrowser(UA.iphone)).toBe(false);
  });
});
