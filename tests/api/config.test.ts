import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('server config', () => {
  it('works with no settings at all', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', maintenance: false, logLevel: 'info', production: false });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.validateResponses).toBe(true);
  });

  it('reads and coerces the environment; empty values count as unset', () => {
    const c = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/db',
      MAINTENANCE: 'true',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'production',
      HOST: '',
    });
    expect(c).toMatchObject({
      port: 9000,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5432/db',
      maintenance: true,
      logLevel: 'debug',
      host: '0.0.0.0',
    });
    expect(c.validateResponses).toBe(false);
    expect(loadConfig({ MAINTENANCE: '0' }).maintenance).toBe(false);
  });

  it('takes the app download links from APP_DOWNLOAD_ANDROID_URL and APP_STORE_URL (https), none by default', () => {
    expect(loadConfig({}).appDownload).toEqual({ android: null, ios: null });
    expect(
      loadConfig({ APP_DOWNLOAD_ANDROID_URL: 'https://dl.weidou.cn/app.apk', APP_STORE_URL: '' }).appDownload,
    ).toEqual({ android: 'https://dl.weidou.cn/app.apk', ios: null });
    expect(() => loadConfig({ APP_STORE_URL: 'http://apps.apple.com/cn/app/id1' })).toThrow(
      /APP_STORE_URL 必须是 https/,
    );
  });

  it('publishes the site on http://localhost:<PORT> unless PUBLIC_ORIGIN says otherwise', () => {
    expect(loadConfig({}).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '3000' }).publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3000', PUBLIC_ORIGIN: '' }).publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3000', PUBLIC_ORIGIN: 'https://www.example.cn/path' }).publicOrigin).toBe(
      'https://www.example.cn',
    );
  });

  it('runs one worker process unless WEB_CONCURRENCY says otherwise; one per core in production; one on PGlite', () => {
    const pg = 'postgres://u@h:5432/db';
    expect(loadConfig({ DATABASE_URL: pg }).webConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: pg, NODE_ENV: 'production' }).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: pg, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: '3', NODE_ENV: 'production' }).webConcurrency).toBe(1);
    expect(loadConfig({}).backgroundRounds).toBe(true);
    expect(loadConfig({ BACKGROUND_ROUNDS: 'false' }).backgroundRounds).toBe(false);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY 必须是正整数/);
  });

  it('limits codes per IP to 20 an hour unless SMS_IP_HOURLY_LIMIT says otherwise', () => {
    expect(loadConfig({}).smsIpHourlyLimit).toBe(20);
    expect(loadConfig({ SMS_IP_HOURLY_LIMIT: '1000' }).smsIpHourlyLimit).toBe(1000);
    expect(() => loadConfig({ SMS_IP_HOURLY_LIMIT: '0' })).toThrow(/SMS_IP_HOURLY_LIMIT/);
  });

  it('rejects bad values with a message naming each setting in Chinese and English', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', MAINTENANCE: 'maybe', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const msg = (error as Error).message;
    expect(msg).toContain('配置错误 / invalid configuration');
    for (const name of ['PORT', 'MAINTENANCE', 'DATABASE_URL', 'LOG_LEVEL']) expect(msg).toContain(name);
    expect((error as ConfigError).problems).toHaveLength(4);
  });

  it('uploads go to the built-in receiver unless all four OSS settings are set', () => {
    expect(loadConfig({}).uploads).toEqual({ provider: 'local' });
    const oss = {
      OSS_ACCESS_KEY_ID: 'LTAI5tKey',
      OSS_ACCESS_KEY_SECRET: 'secret',
      OSS_BUCKET: 'weidou-img',
      OSS_REGION: 'oss-cn-shanghai',
    };
    expect(loadConfig(oss).uploads).toEqual({
      provider: 'aliyun',
      accessKeyId: 'LTAI5tKey',
      accessKeySecret: 'secret',
      bucket: 'weidou-img',
      region: 'cn-shanghai',
      host: 'https://weidou-img.oss-cn-shanghai.aliyuncs.com',
      publicBase: 'https://weidou-img.oss-cn-shanghai.aliyuncs.com/',
    });
    expect(
      loadConfig({
        ...oss,
        OSS_ENDPOINT: 'oss-accelerate.aliyuncs.com',
        OSS_PUBLIC_BASE: 'https://img.example.cn/u',
        OSS_OBJECT_ACL: 'public-read',
      }).uploads,
    ).toMatchObject({
      host: 'https://weidou-img.oss-accelerate.aliyuncs.com',
      publicBase: 'https://img.example.cn/u/',
      objectAcl: 'public-read',
    });
    expect(() => loadConfig({ OSS_BUCKET: 'weidou-img', OSS_PUBLIC_BASE: 'https://img.example.cn/' })).toThrow(
      /OSS_ACCESS_KEY_ID, OSS_ACCESS_KEY_SECRET, OSS_REGION/,
    );
    expect(() => loadConfig({ ...oss, OSS_BUCKET: 'Bad_Bucket' })).toThrow(/OSS_BUCKET/);
    expect(() => loadConfig({ ...oss, OSS_OBJECT_ACL: 'public' })).toThrow(/OSS_OBJECT_ACL/);
  });
});
