/**
 * E-mail delivery of verification codes (server/providers/email): SMTP through nodemailer against a
 * local SMTP receiver (smtp-server, on a free port) both directly and through POST /v1/email/send →
 * POST /v1/users/email; Aliyun DirectMail's SingleSendMail request against a fixed vector; a failed
 * delivery answers a zh-CN error and leaves no usable code; configuration checked at start.
 */
import { createServer, type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { ConfigError, loadConfig, type EmailConfig } from '../../server/config';
import { aliyunSignature } from '../../server/providers/aliyun-rpc';
import { AliyunDirectMail, singleSendMailBody } from '../../server/providers/email/aliyun';
import { codeEmail } from '../../server/providers/email/message';
import { SmtpEmail } from '../../server/providers/email/smtp';
import type { FetchLike } from '../../server/providers/sms/index';
import { freshMobile, harness, type Harness } from './accounts-helpers';

interface Received {
  from: string;
  to: string[];
  user?: string;
  mail: ParsedMail;
}

/** A local SMTP receiver: AUTH PLAIN/LOGIN as `weidou`/`s3cret` (over plain text: it is loopback), no STARTTLS. */
async function startReceiver(opts: { reject?: (to: string) => boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'weidou' && auth.password === 's3cret') cb(null, { user: auth.username });
      else cb(new Error('535 认证失败'));
    },
    onData(stream, session, cb) {
      void simpleParser(stream).then((mail) => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to,
          user: session.user as string | undefined,
          mail,
        });
        if (opts.reject?.(to[0] ?? '')) {
          const err = new Error('mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 550;
          cb(err);
        } else cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const FROM = { name: '微豆调研', address: 'noreply@weidou.test' };

describe('the code e-mail', () => {
  it('is zh-CN, names the code, its validity and 如非本人操作请忽略, as text and HTML', () => {
    const m = codeEmail({ code: '204816', purpose: 'email_bind', ttlMinutes: 5 });
    expect(m.subject).toBe('微豆调研邮箱验证码');
    for (const body of [m.text, m.html]) {
      expect(body).toContain('204816');
      expect(body).toContain('5 分钟内有效');
      expect(body).toContain('如非本人操作请忽略');
      expect(body).toContain('绑定邮箱');
    }
    expect(m.html).toMatch(/^<!doctype html>/);
    expect(m.html).toContain('lang="zh-CN"');
  });
});

describe('SMTP (nodemailer) against a local receiver', () => {
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    rx = await startReceiver({ reject: (to) => to.startsWith('bounce') });
  });
  afterAll(() => rx.close());

  it('delivers with the right From/To/Subject and a UTF-8 zh-CN body, logging in with the credentials', async () => {
    const smtp = new SmtpEmail({
      provider: 'smtp',
      from: FROM,
      url: `smtp://weidou:s3cret@127.0.0.1:${rx.port}`,
    });
    const words = codeEmail({ code: '731905', purpose: 'email_bind', ttlMinutes: 5 });
    await smtp.send({ to: 'member@example.com', ...words, code: '731905', purpose: 'email_bind' });
    const got = rx.received.at(-1)!;
    expect(got.user).toBe('weidou');
    expect(got.from).toBe('noreply@weidou.test');
    expect(got.to).toEqual(['member@example.com']);
    expect(got.mail.from?.value).toEqual([{ name: '微豆调研', address: 'noreply@weidou.test' }]);
    expect(got.mail.headerLines.find((l) => l.key === 'from')?.line).toMatch(
      /^From: =\?UTF-8\?.*<noreply@weidou\.test>$/i,
    );
    expect(got.mail.to && !Array.isArray(got.mail.to) ? got.mail.to.value : []).toEqual([
      { name: '', address: 'member@example.com' },
    ]);
    expect(got.mail.subject).toBe('微豆调研邮箱验证码');
    expect(got.mail.text).toContain('验证码是：731905');
    expect(got.mail.text).toContain('如非本人操作请忽略');
    expect(got.mail.html).toContain('731905');
    // the headers declare UTF-8 and the subject travels as an encoded word
    expect(got.mail.headerLines.find((l) => l.key === 'subject')?.line).toMatch(/=\?UTF-8\?/i);
    expect(got.mail.headerLines.find((l) => l.key === 'content-type')?.line).toMatch(/multipart\/alternative/);
  });

  it('host/port/user/pass settings work the same way; wrong credentials or a refusal throw', async () => {
    const base = { provider: 'smtp' as const, from: FROM, host: '127.0.0.1', port: rx.port, secure: false };
    const words = codeEmail({ code: '111222', purpose: 'email_bind', ttlMinutes: 5 });
    await new SmtpEmail({ ...base, user: 'weidou', pass: 's3cret' }).send({
      to: 'two@example.com',
      ...words,
      code: '111222',
      purpose: 'email_bind',
    });
    expect(rx.received.at(-1)?.to).toEqual(['two@example.com']);
    await expect(
      new SmtpEmail({ ...base, user: 'weidou', pass: 'wrong' }).send({
        to: 'two@example.com',
        ...words,
        code: '1',
        purpose: 'x',
      }),
    ).rejects.toThrow(/535|auth/i);
    await expect(
      new SmtpEmail(base).send({ to: 'bounce@example.com', ...words, code: '1', purpose: 'x' }),
    ).rejects.toThrow(/550/);
  });
});

describe('e-mail codes over HTTP with a real SMTP provider', () => {
  let h: Harness;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  const smtpAt = (port: number): EmailConfig => ({
    provider: 'smtp',
    from: FROM,
    url: `smtp://weidou:s3cret@127.0.0.1:${port}`,
  });
  beforeAll(async () => {
    rx = await startReceiver({ reject: (to) => to.startsWith('bounce') });
    h = await harness('email-providers');
    await h.env.closeAll();
    h.app = await h.env.build({ email: smtpAt(rx.port) }, { now: h.clock.now });
  });
  afterAll(async () => {
    await h.env.cleanup();
    await rx.close();
  });

  const codeIn = (mail: ParsedMail) => /验证码是：(\d{6})/.exec(mail.text ?? '')?.[1];

  it('send → the code arrives by SMTP (not in the outbox) → bind with it', async () => {
    const { token } = await h.register(freshMobile());
    const sent = await h.call('POST', '/api/v1/email/send', { token, body: { email: 'Reader@Example.com' } });
    expect(sent.code).toBe(200);
    expect((sent.data as { to: string }).to).toBe('re***@example.com');
    const got = rx.received.at(-1)!;
    expect(got.to).toEqual(['reader@example.com']);
    expect(h.outbox().filter((l) => l.channel === 'email')).toEqual([]);
    const code = codeIn(got.mail)!;
    expect(code).toMatch(/^\d{6}$/);
    const bound = await h.call('POST', '/api/v1/users/email', {
      token,
      body: { email: 'reader@example.com', code: h.enc(code) },
    });
    expect(bound.code).toBe(200);
    expect(bound.data).toEqual({ email: 're***@example.com' });
    // the send limits hold for e-mail codes: a second one within 60 s is refused
    const again = await h.call('POST', '/api/v1/email/send', { token, body: { email: 'reader@example.com' } });
    expect(again.code).toBe(Code.SEND_TOO_FREQUENT);
  });

  it('a refused delivery answers a zh-CN error and the code it made is dead', async () => {
    const { token } = await h.register(freshMobile());
    const sent = await h.call('POST', '/api/v1/email/send', { token, body: { email: 'bounce@example.com' } });
    expect(sent.code).toBe(Code.SEND_FAILED);
    expect(sent.msg).toBe('验证码邮件发送失败，请稍后再试或换一个邮箱');
    // the receiver saw the message before refusing it: even with its code, nothing binds
    const code = codeIn(rx.received.at(-1)!.mail)!;
    const bound = await h.call('POST', '/api/v1/users/email', {
      token,
      body: { email: 'bounce@example.com', code: h.enc(code) },
    });
    expect(bound.code).toBe(Code.CODE_INVALID);
    const logged = h.env.logs.find((l) => l.msg === 'code delivery failed');
    expect(logged).toMatchObject({ channel: 'email', provider: 'smtp' });
    expect(JSON.stringify(h.env.logs)).not.toContain('s3cret');
  });

  it('an SMTP server that cannot be reached answers the same error', async () => {
    await h.env.closeAll();
    h.app = await h.env.build({ email: smtpAt(await deadPort()) }, { now: h.clock.now });
    const { token } = await h.register(freshMobile());
    const sent = await h.call('POST', '/api/v1/email/send', { token, body: { email: 'nobody@example.com' } });
    expect(sent.code).toBe(Code.SEND_FAILED);
    expect(sent.msg).toContain('验证码邮件发送失败');
    await h.env.closeAll();
    h.app = await h.env.build({ email: smtpAt(rx.port) }, { now: h.clock.now });
  });
});

describe('Aliyun DirectMail SingleSendMail', () => {
  const config = {
    provider: 'aliyun' as const,
    from: FROM,
    accessKeyId: 'testId',
    accessKeySecret: 'testSecret',
    regionId: 'cn-hangzhou',
    endpoint: 'https://dm.aliyuncs.com',
  };
  const message = {
    to: 'member@example.com',
    subject: '微豆调研邮箱验证码',
    text: '验证码是：123456',
    html: '<p>验证码是：123456</p>',
  };
  const at = { timestamp: '2030-01-01T02:00:00Z', nonce: '3a7c2a4e-1d7b-4f3e-9d1c-000000000001' };

  it('signs a POST form over the documented parameters (fixed nonce and timestamp)', () => {
    const { params, body } = singleSendMailBody(config, message, at);
    expect(params).toEqual({
      AccessKeyId: 'testId',
      Action: 'SingleSendMail',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: at.nonce,
      SignatureVersion: '1.0',
      Timestamp: at.timestamp,
      Version: '2015-11-23',
      AccountName: 'noreply@weidou.test',
      AddressType: '1',
      ReplyToAddress: 'false',
      ToAddress: 'member@example.com',
      FromAlias: '微豆调研',
      Subject: '微豆调研邮箱验证码',
      TextBody: '验证码是：123456',
      HtmlBody: '<p>验证码是：123456</p>',
    });
    const form = Object.fromEntries(new URLSearchParams(body));
    const { Signature, ...rest } = form;
    expect(rest).toEqual(params);
    // the POST string-to-sign, computed independently (Python hmac/hashlib/urllib) from the same params
    expect(Signature).toBe('o7xw6lZxHERy8TAbKh/uy3TfZyU=');
    expect(Signature).toBe(aliyunSignature(params, 'testSecret', 'POST'));
    expect(Signature).not.toBe(aliyunSignature(params, 'testSecret', 'GET'));
  });

  it('posts to the endpoint; an answer without EnvId is a failure naming Aliyun’s code', async () => {
    const calls: { url: string; init: Parameters<FetchLike>[1] }[] = [];
    const reply =
      (status: number, text: string): FetchLike =>
      async (url, init) => {
        calls.push({ url, init });
        return { status, text: async () => text };
      };
    const dm = (f: FetchLike) =>
      new AliyunDirectMail(
        config,
        f,
        () => Date.UTC(2030, 0, 1, 2),
        () => at.nonce,
      );
    const full = { ...message, code: '123456', purpose: 'email_bind' };
    await dm(reply(200, '{"EnvId":"600000","RequestId":"r1"}')).send(full);
    expect(calls[0]!.url).toBe('https://dm.aliyuncs.com/');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers['content-type']).toMatch(/x-www-form-urlencoded/);
    expect(calls[0]!.init.body).toBe(singleSendMailBody(config, message, at).body);
    await expect(
      dm(reply(400, '{"Code":"InvalidToAddress","Message":"bad","RequestId":"r2"}')).send(full),
    ).rejects.toThrow(/InvalidToAddress/);
    await expect(dm(reply(502, '<html>bad gateway</html>')).send(full)).rejects.toThrow(/HTTP 502/);
  });
});

describe('e-mail configuration', () => {
  it('defaults to the outbox; smtp and aliyun need a sender and their settings', () => {
    expect(loadConfig({}).email).toEqual({ provider: 'outbox' });
    expect(
      loadConfig({
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtps://u:p@smtp.example.com',
        EMAIL_FROM: '微豆调研 <noreply@example.com>',
      }).email,
    ).toEqual({
      provider: 'smtp',
      from: { name: '微豆调研', address: 'noreply@example.com' },
      url: 'smtps://u:p@smtp.example.com',
    });
    expect(
      loadConfig({
        EMAIL_PROVIDER: 'smtp',
        SMTP_HOST: 'smtp.example.com',
        SMTP_PORT: '465',
        SMTP_USER: 'u',
        SMTP_PASS: 'p',
        EMAIL_FROM: '"微豆调研" <a@example.com>',
      }).email,
    ).toEqual({
      provider: 'smtp',
      from: { name: '微豆调研', address: 'a@example.com' },
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      user: 'u',
      pass: 'p',
    });
    expect(loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'h', EMAIL_FROM: 'a@example.com' }).email).toMatchObject({
      port: 587,
      secure: false,
      from: { name: '', address: 'a@example.com' },
    });
    expect(
      loadConfig({
        EMAIL_PROVIDER: 'aliyun',
        EMAIL_FROM: '微豆调研 <noreply@mail.example.com>',
        ALIYUN_DM_ACCESS_KEY_ID: 'i',
        ALIYUN_DM_ACCESS_KEY_SECRET: 's',
      }).email,
    ).toMatchObject({ provider: 'aliyun', endpoint: 'https://dm.aliyuncs.com', regionId: 'cn-hangzhou' });
    expect(
      loadConfig({
        EMAIL_PROVIDER: 'aliyun',
        EMAIL_FROM: 'a@example.com',
        ALIYUN_DM_ACCESS_KEY_ID: 'i',
        ALIYUN_DM_ACCESS_KEY_SECRET: 's',
        ALIYUN_DM_REGION: 'ap-southeast-1',
      }).email,
    ).toMatchObject({ endpoint: 'https://dm.ap-southeast-1.aliyuncs.com' });
  });

  it('names every missing or bad setting in zh-CN and English', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ EMAIL_PROVIDER: 'pigeon' })).toEqual([
      expect.stringMatching(/^EMAIL_PROVIDER: .*outbox、smtp 或 aliyun/),
    ]);
    expect(problems({ EMAIL_PROVIDER: 'smtp' })).toEqual([
      expect.stringMatching(/^EMAIL_FROM: EMAIL_PROVIDER=smtp 时必须设置/),
      expect.stringMatching(/^SMTP_URL 或 SMTP_HOST/),
    ]);
    expect(problems({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'h', EMAIL_FROM: '微豆调研' })).toEqual([
      expect.stringMatching(/^EMAIL_FROM: 应为/),
    ]);
    expect(problems({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'http://x', EMAIL_FROM: 'a@b.cn' })).toEqual([
      expect.stringMatching(/^SMTP_URL: /),
    ]);
    expect(problems({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://h', SMTP_PORT: '25', EMAIL_FROM: 'a@b.cn' })).toEqual([
      expect.stringMatching(/^SMTP_PORT: 已设置 SMTP_URL 时不要再设置/),
    ]);
    expect(problems({ EMAIL_PROVIDER: 'aliyun', EMAIL_FROM: '微豆调研微豆调研微豆调研微豆调研 <a@b.cn>' })).toEqual([
      expect.stringMatching(/^EMAIL_FROM: DirectMail/),
      expect.stringMatching(/^ALIYUN_DM_ACCESS_KEY_ID: /),
      expect.stringMatching(/^ALIYUN_DM_ACCESS_KEY_SECRET: /),
    ]);
  });
});
