/**
 * Uploads in API tests: real image bytes (a PNG that decodes, headers of any size) and posting a
 * PostObject form the way the browser does (the policy's fields in order, key, Content-Type, file
 * last) to the receiver through `inject`.
 */
import { deflateSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OssPolicyData } from '../../server/providers/oss';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A PNG of `width`×`height` (8-bit RGB). With `pixels` (default for up to 64×64) it is a whole
 * image that decodes; without, only the header and an empty image stream (a pixel-flood header).
 */
export function png(width: number, height: number, pixels = width * height <= 4096): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = pixels
    ? Buffer.concat(
        Array.from({ length: height }, (_, y) =>
          Buffer.from([0, ...Array.from({ length: width }, (_, x) => [255, (x * 37) % 256, (y * 53) % 256]).flat()]),
        ),
      )
    : Buffer.alloc(0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG header (SOI, APP0, SOF0 of `width`×`height`): enough for its type and size. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(9), Buffer.from([0xff, 0xd9])]);
}

export interface FormFile {
  bytes: Buffer;
  type: string;
  filename?: string;
}

/** The multipart body and its content type, built by the platform's FormData as a browser would. */
export async function multipart(
  entries: [string, string | FormFile][],
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename ?? 'picture');
  }
  const request = new Request('http://localhost/uploads', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** The browser's form for `policy`: its fields in order, then key, Content-Type and file last. */
export function browserForm(policy: OssPolicyData, key: string, file: FormFile): [string, string | FormFile][] {
  return [
    ...policy.fields.map((f) => [f.name, f.value] as [string, string]),
    ['key', key],
    ['Content-Type', file.type],
    ['file', file],
  ];
}

export async function postForm(
  app: FastifyInstance,
  entries: [string, string | FormFile][],
  url = '/uploads',
): Promise<LightMyRequestResponse> {
  const { body, contentType } = await multipart(entries);
  return app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } });
}

/** The OSS error of an XML answer: `{ code, message }`. */
export function ossError(res: { body: string }): { code: string; message: string } {
  const text = (tag: string) =>
    (new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(res.body)?.[1] ?? '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return { code: text('Code'), message: text('Message') };
}

let serial = 0;
/** A fresh object name as the browser makes one (spec §9): ms timestamp + 4 digits + extension. */
export const objectNameFor = (ext = 'png') => `${Date.now()}${String(serial++ % 10_000).padStart(4, '0')}.${ext}`;
