import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { AliyunSms, aliyunSignature } from '../../server/providers/sms/aliyun';
import type { FetchLike } from '../../server/providers/sms/index';
import { OutboxSms } from '../../server/providers/sms/outbox';
import { TencentSms, tc3Authorization } from '../../server/providers/sms/tencent';

const dir = mkdtempSync(path.join(tmpdir(), 'weidou-sms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const silentLog = { info() {}, error() {}, warn() {} } as never;

function recordingFetch(reply: string, status = 200) {
  const calls: { url: string; init: Parameters<FetchLike>[1] }[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return { status, text: async () => reply };
  };
  return { calls, fetchImpl };
}

describe('Aliyun SMS (RPC signature v1.0)', () => {
  it('matches the example in Aliyun’s SendSms signature documentation', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunSignature(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('sends a signed GET with the code as template parameter (fetch injected)', async () => {
    const { calls, fetchImpl } = recordingFetch('{"Code":"OK","Message":"OK"}');
    const sms = new AliyunSms(
      {
        provider: 'aliyun',
        signName: '微豆调研',
        templateCode: 'SMS_1',
        accessKeyId: 'id',
        accessKeySecret: 'secret',
        endpoint: 'https://dysmsapi.aliyuncs.com',
      },
      fetchImpl,
      () => Date.UTC(2030, 0, 1),
    );
    await sms.send({ mobile: '13800138000', template: 'code', params: { code: '123456', purpose: 'login' } });
    const url = new URL(calls[0]!.url);
    expect(url.origin).toBe('https://dysmsapi.aliyuncs.com');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      Action: 'SendSms',
      PhoneNumbers: '13800138000',
      SignName: '微豆调研',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2030-01-01T00:00:00Z',
    });
    const { Signature, ...rest } = q;
    expect(Signature).toBe(aliyunSignature(rest, 'secret'));
    const failing = recordingFetch('{"Code":"isv.BUSINESS_LIMIT_CONTROL","Message":"limit"}');
    const bad = new AliyunSms((sms as unknown as { config: never }).config, failing.fetchImpl);
    await expect(
      bad.send({ mobile: '13800138000', template: 'code', params: { code: '1', purpose: 'x' } }),
    ).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
  });
});

describe('Tencent Cloud SMS (TC3-HMAC-SHA256)', () => {
  it('matches the example in Tencent Cloud’s signature v3 documentation', () => {
    const { signature, authorization } = tc3Authorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      timestamp: 1551113065,
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('sends SendSms with the signed headers (fetch injected); a hand-computed vector for sms', async () => {
    const { calls, fetchImpl } = recordingFetch(
      '{"Response":{"SendStatusSet":[{"Code":"Ok","Message":"send success"}]}}',
    );
    const sms = new TencentSms(
      {
        provider: 'tencent',
        signName: '微豆调研',
        templateCode: '123456',
        secretId: 'AKIDEXAMPLE',
        secretKey: 'SecretKeyExample',
        sdkAppId: '1400000000',
        region: 'ap-guangzhou',
      },
      fetchImpl,
      () => 1_700_000_000_000,
    );
    await sms.send({ mobile: '13800138000', template: 'code', params: { code: '654321', purpose: 'login' } });
    const { url, init } = calls[0]!;
    expect(url).toBe('https://sms.tencentcloudapi.com/');
    expect(init.headers['x-tc-action']).toBe('SendSms');
    expect(init.headers['x-tc-version']).toBe('2021-01-11');
    expect(init.headers['x-tc-timestamp']).toBe('1700000000');
    expect(init.body).toBe(
      '{"PhoneNumberSet":["+8613800138000"],"SmsSdkAppId":"1400000000","SignName":"微豆调研","TemplateId":"123456","TemplateParamSet":["654321"]}',
    );
    // computed independently (Python hmac/hashlib) from the same inputs
    expect(init.headers.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDEXAMPLE/2023-11-14/sms/tc3_request, SignedHeaders=content-type;host, ' +
        'Signature=4b849fae6f521bb2105ed9bba073d5407825ab777fc7ac5ed737ae35b990c3eb',
    );
    const failing = recordingFetch('{"Response":{"Error":{"Code":"AuthFailure.SignatureFailure","Message":"bad"}}}');
    const bad = new TencentSms((sms as unknown as { config: never }).config, failing.fetchImpl);
    await expect(
      bad.send({ mobile: '13800138000', template: 'code', params: { code: '1', purpose: 'x' } }),
    ).rejects.toThrow(/SignatureFailure/);
  });
});

describe('SMS configuration and outbox', () => {
  it('defaults to the outbox; a real provider needs all of its keys', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    const tencent = loadConfig({
      SMS_PROVIDER: 'tencent',
      SMS_SIGN_NAME: 's',
      SMS_TEMPLATE_CODE: '1',
      TENCENT_SMS_SECRET_ID: 'a',
      TENCENT_SMS_SECRET_KEY: 'b',
      TENCENT_SMS_SDK_APP_ID: 'c',
    }).sms;
    expect(tencent).toMatchObject({ provider: 'tencent', region: 'ap-guangzhou' });
  });

  it('the outbox appends one JSON line per message', async () => {
    const outbox = new OutboxSms(dir, silentLog);
    await outbox.send({ mobile: '13800138000', template: 'code', params: { code: '111111', purpose: 'login' } });
    await outbox.send({ mobile: '13800138001', template: 'code', params: { code: '222222', purpose: 'register' } });
    const lines = readFileSync(path.join(dir, 'outbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ channel: 'sms', to: '13800138001', code: '222222', purpose: 'register' });
  });
});
