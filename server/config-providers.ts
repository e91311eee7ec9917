/**
 * The outside services' settings (social login, SMS, e-mail, real-name checks, uploads, who runs
 * the site), each assembled from the environment with every problem named: ./config.ts reads and
 * types the variables and calls these.
 */
import { checkSiteProfile, SITE_PROFILE_DEFAULTS, type SiteProfile } from '../openapi/rules/siteProfile';
import type { Env, OAuthConfig, SmsConfig, EmailConfig, IdentityConfig, UploadConfig, MailFrom } from './config';

/** Each provider needs all of its settings; one set without the others is a configuration error. */
export function oauthFromEnv(e: Env, problems: string[]): OAuthConfig {
  const group = <K extends keyof Env>(keys: K[]): { [P in K]: NonNullable<Env[P]> } | undefined => {
    const set = keys.filter((k) => e[k] !== undefined);
    if (set.length === 0) return undefined;
    if (set.length < keys.length) {
      const missing = keys.filter((k) => e[k] === undefined);
      problems.push(
        `${missing.join(', ')}: 需与 ${set.join(', ')} 一起设置 / must be set together with ${set.join(', ')}`,
      );
      return undefined;
    }
    return Object.fromEntries(keys.map((k) => [k, e[k]])) as { [P in K]: NonNullable<Env[P]> };
  };
  const oauth: OAuthConfig = {};
  const wechat = group(['WECHAT_APP_ID', 'WECHAT_APP_SECRET']);
  if (wechat)
    oauth.wechat = {
      appId: wechat.WECHAT_APP_ID,
      appSecret: wechat.WECHAT_APP_SECRET,
      baseUrl: e.WECHAT_OAUTH_BASE_URL,
    };
  const qq = group(['QQ_APP_ID', 'QQ_APP_KEY']);
  if (qq) oauth.qq = { appId: qq.QQ_APP_ID, appKey: qq.QQ_APP_KEY, baseUrl: e.QQ_OAUTH_BASE_URL };
  const weibo = group(['WEIBO_APP_KEY', 'WEIBO_APP_SECRET']);
  if (weibo)
    oauth.weibo = { appKey: weibo.WEIBO_APP_KEY, appSecret: weibo.WEIBO_APP_SECRET, baseUrl: e.WEIBO_OAUTH_BASE_URL };
  const alipay = group(['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']);
  if (alipay)
    oauth.alipay = {
      appId: alipay.ALIPAY_APP_ID,
      privateKey: alipay.ALIPAY_PRIVATE_KEY,
      publicKey: alipay.ALIPAY_PUBLIC_KEY,
      baseUrl: e.ALIPAY_OAUTH_BASE_URL,
    };
  return oauth;
}

/** SITE_* settings over the build's defaults, each checked as an operator's change is. */
export function siteProfileFromEnv(e: Env, problems: string[]): SiteProfile {
  const checked = checkSiteProfile({
    companyName: e.SITE_COMPANY_NAME,
    icpFilingNo: e.SITE_ICP_FILING_NO,
    psbFilingNo: e.SITE_PSB_FILING_NO,
    supportEmail: e.SITE_SUPPORT_EMAIL,
    businessEmail: e.SITE_BUSINESS_EMAIL,
    privacyEmail: e.SITE_PRIVACY_EMAIL,
  });
  if (!checked.ok) {
    problems.push(`SITE_*: ${checked.error}`);
    return SITE_PROFILE_DEFAULTS;
  }
  return { ...SITE_PROFILE_DEFAULTS, ...checked.value };
}

const OSS_REQUIRED = ['OSS_ACCESS_KEY_ID', 'OSS_ACCESS_KEY_SECRET', 'OSS_BUCKET', 'OSS_REGION'] as const;
const OSS_OPTIONAL = ['OSS_ENDPOINT', 'OSS_PUBLIC_BASE', 'OSS_OBJECT_ACL'] as const;

/** Aliyun OSS needs its four settings together; the optional ones alone are a mistake too. */
export function uploadsFromEnv(e: Env, problems: string[]): UploadConfig {
  const set = [...OSS_REQUIRED, ...OSS_OPTIONAL].filter((k) => e[k] !== undefined);
  if (set.length === 0) return { provider: 'local' };
  const missing = OSS_REQUIRED.filter((k) => e[k] === undefined);
  if (missing.length) {
    problems.push(
      `${missing.join(', ')}: 使用 OSS 时需与 ${set.join(', ')} 一起设置 / must be set together with ${set.join(', ')}`,
    );
    return { provider: 'local' };
  }
  const bucket = e.OSS_BUCKET!;
  const region = e.OSS_REGION!;
  const host = `https://${bucket}.${e.OSS_ENDPOINT ?? `oss-${region}.aliyuncs.com`}`;
  return {
    provider: 'aliyun',
    accessKeyId: e.OSS_ACCESS_KEY_ID!,
    accessKeySecret: e.OSS_ACCESS_KEY_SECRET!,
    bucket,
    region,
    host,
    publicBase: e.OSS_PUBLIC_BASE ?? `${host}/`,
    ...(e.OSS_OBJECT_ACL ? { objectAcl: e.OSS_OBJECT_ACL } : {}),
  };
}

/** The chosen SMS provider needs all of its settings. */
export function smsFromEnv(e: Env, problems: string[]): SmsConfig {
  if (e.SMS_PROVIDER === 'outbox') return { provider: 'outbox' };
  const need = (k: keyof Env): string => {
    const v = e[k];
    if (typeof v === 'string' && v !== '') return v;
    problems.push(`${k}: SMS_PROVIDER=${e.SMS_PROVIDER} 时必须设置 / required when SMS_PROVIDER=${e.SMS_PROVIDER}`);
    return '';
  };
  if (e.SMS_PROVIDER === 'aliyun') {
    return {
      provider: 'aliyun',
      signName: need('SMS_SIGN_NAME'),
      templateCode: need('SMS_TEMPLATE_CODE'),
      accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID'),
      accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET'),
      endpoint: e.ALIYUN_SMS_ENDPOINT ?? 'https://dysmsapi.aliyuncs.com',
    };
  }
  return {
    provider: 'tencent',
    signName: need('SMS_SIGN_NAME'),
    templateCode: need('SMS_TEMPLATE_CODE'),
    secretId: need('TENCENT_SMS_SECRET_ID'),
    secretKey: need('TENCENT_SMS_SECRET_KEY'),
    sdkAppId: need('TENCENT_SMS_SDK_APP_ID'),
    region: e.TENCENT_SMS_REGION ?? 'ap-guangzhou',
  };
}

const MAIL_ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** `微豆调研 <noreply@example.com>`, `"微豆调研" <noreply@example.com>` or a bare address. */
export function parseMailFrom(raw: string): MailFrom | null {
  const angle = /^(.*?)\s*<([^<>]+)>$/.exec(raw.trim());
  const name = angle
    ? angle[1]!
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim()
    : '';
  const address = (angle ? angle[2]! : raw).trim();
  return MAIL_ADDRESS.test(address) ? { name, address } : null;
}

/** The chosen e-mail provider needs a sender and its own settings. */
export function emailFromEnv(e: Env, problems: string[]): EmailConfig {
  if (e.EMAIL_PROVIDER === 'outbox') return { provider: 'outbox' };
  const which = `EMAIL_PROVIDER=${e.EMAIL_PROVIDER}`;
  const need = (k: keyof Env): string => {
    const v = e[k];
    if (typeof v === 'string' && v !== '') return v;
    problems.push(`${k}: ${which} 时必须设置 / required when ${which}`);
    return '';
  };
  const fromRaw = need('EMAIL_FROM');
  let from: MailFrom = { name: '', address: '' };
  if (fromRaw) {
    const parsed = parseMailFrom(fromRaw);
    if (!parsed) {
      problems.push(
        'EMAIL_FROM: 应为 "微豆调研 <noreply@example.com>" 或邮箱地址 / must be "Name <address>" or an address',
      );
    } else from = parsed;
  }
  if (e.EMAIL_PROVIDER === 'smtp') {
    if (e.SMTP_URL) {
      const extra = (['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'SMTP_SECURE'] as const).filter(
        (k) => e[k] !== undefined,
      );
      if (extra.length) {
        problems.push(
          `${extra.join(', ')}: 已设置 SMTP_URL 时不要再设置 / must not be set together with SMTP_URL (put them in the URL)`,
        );
      }
      return { provider: 'smtp', from, url: e.SMTP_URL };
    }
    const host = e.SMTP_HOST;
    if (!host) problems.push(`SMTP_URL 或 SMTP_HOST: ${which} 时必须设置其一 / one is required when ${which}`);
    if (e.SMTP_PASS !== undefined && !e.SMTP_USER) {
      problems.push('SMTP_USER: 设置 SMTP_PASS 时必须设置 / required when SMTP_PASS is set');
    }
    const secure = e.SMTP_SECURE ?? e.SMTP_PORT === 465;
    return {
      provider: 'smtp',
      from,
      host: host ?? '',
      port: e.SMTP_PORT ?? (secure ? 465 : 587),
      secure,
      ...(e.SMTP_USER ? { user: e.SMTP_USER, pass: e.SMTP_PASS ?? '' } : {}),
    };
  }
  if (from.name && [...from.name].length >= 15) {
    problems.push('EMAIL_FROM: DirectMail 的发信人昵称须少于 15 个字 / the display name must be under 15 characters');
  }
  const regionId = e.ALIYUN_DM_REGION ?? 'cn-hangzhou';
  return {
    provider: 'aliyun',
    from,
    accessKeyId: need('ALIYUN_DM_ACCESS_KEY_ID'),
    accessKeySecret: need('ALIYUN_DM_ACCESS_KEY_SECRET'),
    regionId,
    endpoint:
      e.ALIYUN_DM_ENDPOINT ??
      (regionId === 'cn-hangzhou' ? 'https://dm.aliyuncs.com' : `https://dm.${regionId}.aliyuncs.com`),
  };
}

/** Aliyun's 二要素 check needs its AccessKey pair. */
export function identityFromEnv(e: Env, problems: string[]): IdentityConfig {
  if (e.IDENTITY_PROVIDER === 'sandbox') return { provider: 'sandbox' };
  const need = (k: 'ALIYUN_IDENTITY_ACCESS_KEY_ID' | 'ALIYUN_IDENTITY_ACCESS_KEY_SECRET'): string => {
    const v = e[k];
    if (v) return v;
    problems.push(`${k}: IDENTITY_PROVIDER=aliyun 时必须设置 / required when IDENTITY_PROVIDER=aliyun`);
    return '';
  };
  return {
    provider: 'aliyun',
    accessKeyId: need('ALIYUN_IDENTITY_ACCESS_KEY_ID'),
    accessKeySecret: need('ALIYUN_IDENTITY_ACCESS_KEY_SECRET'),
    endpoint: e.ALIYUN_IDENTITY_ENDPOINT ?? 'https://cloudauth.aliyuncs.com',
  };
}
