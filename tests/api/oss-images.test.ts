/**
 * Image headers (server/providers/oss/images.ts): the type from magic bytes and the pixel size
 * from the header of each type the receiver takes, and nothing from bytes that only look alike.
 */
import { describe, expect, it } from 'vitest';
import { fileProblem, sniffImageType } from '../../openapi/rules/uploads';
import { readImageHeader } from '../../server/providers/oss/images';
import { jpegHeader, png } from './uploads-helpers';

const webp = (chunk: string, body: number[]) => {
  const data = Buffer.from([...Buffer.from(chunk, 'latin1'), 0, 0, 0, 0, ...body, ...Array(16).fill(0)]);
  return Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), data]);
};

describe('readImageHeader', () => {
  it('reads PNG, GIF, JPEG and the three WebP headers', () => {
    expect(readImageHeader(png(300, 200, false))).toEqual({ type: 'image/png', width: 300, height: 200 });
    expect(readImageHeader(Buffer.from('GIF89a\x40\x01\xc8\x00\x00\x00\x00;', 'latin1'))).toEqual({
      type: 'image/gif',
      width: 320,
      height: 200,
    });
    expect(readImageHeader(jpegHeader(4032, 3024))).toEqual({ type: 'image/jpeg', width: 4032, height: 3024 });
    // VP8: frame tag (3 bytes), start code 9d 01 2a, 14-bit width and height.
    expect(readImageHeader(webp('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]))).toEqual({
      type: 'image/webp',
      width: 640,
      height: 480,
    });
    // VP8L: signature 2f, then width-1 and height-1 in 14 bits each: 100 × 50.
    const bits = 99 | (49 << 14);
    expect(
      readImageHeader(webp('VP8L', [0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >>> 24) & 255])),
    ).toEqual({ type: 'image/webp', width: 100, height: 50 });
    // VP8X: flags (4 bytes), then width-1 and height-1 in 24 bits each: 20000 × 20000.
    const side = [0x1f, 0x4e, 0x00];
    expect(readImageHeader(webp('VP8X', [0, 0, 0, 0, ...side, ...side]))).toEqual({
      type: 'image/webp',
      width: 20000,
      height: 20000,
    });
  });

  it('reads nothing from bytes that only start like an image', () => {
    expect(readImageHeader(Buffer.from('not an image'))).toBeNull();
    expect(readImageHeader(png(8, 8).subarray(0, 20))).toBeNull(); // cut before the size
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull(); // a JPEG without a frame
    expect(readImageHeader(jpegHeader(0, 100))).toBeNull();
    expect(readImageHeader(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBeNull();
  });
});

describe('the client’s check of a picked file', () => {
  it('goes by the bytes and the module’s size', () => {
    expect(sniffImageType(png(1, 1))).toBe('image/png');
    expect(fileProblem('avatar', { size: 1000, sniffed: 'image/png' })).toBeNull();
    expect(fileProblem('avatar', { size: 3 * 1024 * 1024, sniffed: 'image/png' })).toBe('size');
    expect(fileProblem('feedback', { size: 3 * 1024 * 1024, sniffed: 'image/png' })).toBeNull();
    expect(fileProblem('task', { size: 1000, sniffed: 'image/gif' })).toBe('type');
    expect(fileProblem('avatar', { size: 1000, sniffed: null })).toBe('type');
    expect(fileProblem('avatar', { size: 0, sniffed: null })).toBe('empty');
  });
});
