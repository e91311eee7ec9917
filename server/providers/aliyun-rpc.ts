/**
 * Aliyun RPC-style API signing (signature version 1.0), shared by every Aliyun RPC product we call:
 * Dysms `SendSms`, DirectMail `SingleSendMail`, Cloudauth `Id2MetaVerify`.
 *
 *   canonicalized = sorted params, each `percentEncode(k)=percentEncode(v)`, joined by `&`
 *   stringToSign  = `<METHOD>&%2F&` + percentEncode(canonicalized)
 *   Signature     = base64(HMAC-SHA1(AccessKeySecret + '&', stringToSign))
 *
 * percentEncode is RFC 3986 over UTF-8 (`encodeURIComponent` plus `!'()*`; space → %20, `~` kept).
 */
import { createHmac } from 'node:crypto';

export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalize(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k] ?? '')}`)
    .join('&');
}

/** The signature of a parameter set (without `Signature`). */
export function aliyunSignature(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonicalize(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** `2017-07-12T02:42:19Z` (UTC, no milliseconds). */
export function aliyunTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface AliyunRpcCall {
  action: string;
  version: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** The action's own parameters. */
  params: Record<string, string>;
  timestamp: string;
  nonce: string;
  method?: 'GET' | 'POST';
  regionId?: string;
}

/**
 * The common parameters (Format JSON, HMAC-SHA1, version 1.0) with the action's, and the signed
 * `Signature=…&k=v…` string: the query of a GET or the form body of a POST.
 */
export function aliyunSignedParams(call: AliyunRpcCall): { params: Record<string, string>; encoded: string } {
  const params: Record<string, string> = {
    AccessKeyId: call.accessKeyId,
    Action: call.action,
    Format: 'JSON',
    ...(call.regionId ? { RegionId: call.regionId } : {}),
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: call.nonce,
    SignatureVersion: '1.0',
    Timestamp: call.timestamp,
    Version: call.version,
    ...call.params,
  };
  const signature = aliyunSignature(params, call.accessKeySecret, call.method ?? 'GET');
  return { params, encoded: `Signature=${aliyunPercentEncode(signature)}&${canonicalize(params)}` };
}

/**
 * POST a signed RPC form body to an Aliyun endpoint and read its JSON answer; `reply` is `{}` when
 * the answer is not JSON (the caller reports the status and `text`).
 */
export async function postAliyunRpc<T extends object>(
  fetchImpl: (
    url: string,
    init: { method: string; headers: Record<string, string>; body: string },
  ) => Promise<{
    status: number;
    text(): Promise<string>;
  }>,
  endpoint: string,
  body: string,
): Promise<{ status: number; text: string; reply: Partial<T> }> {
  const res = await fetchImpl(`${endpoint}/`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body,
  });
  const text = await res.text();
  try {
    return { status: res.status, text, reply: JSON.parse(text) as Partial<T> };
  } catch {
    return { status: res.status, text, reply: {} };
  }
}
