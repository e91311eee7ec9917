/**
 * What an uploaded image is, read from its bytes alone (no decoding): its type by magic bytes and
 * its pixel size from the header, so a pixel flood (a small file that decodes to a huge bitmap) is
 * refused before anyone's browser or thumbnailer opens it.
 */
import { sniffImageType, type ImageType } from '../../../openapi/rules/uploads';

export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

const u16be = (b: Buffer, i: number) => (i + 2 <= b.length ? b.readUInt16BE(i) : -1);

/** JPEG: walk the segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG, DAC). */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    const length = u16be(b, i + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const height = u16be(b, i + 5);
      const width = u16be(b, i + 7);
      return height > 0 && width > 0 ? { width, height } : null;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame
    i += 2 + length;
  }
  return null;
}

/** WebP: the simple (VP8), lossless (VP8L) or extended (VP8X) header. */
function webpSize(b: Buffer): { width: number; height: number } | null {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Key frame start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** The image's type and pixel size, or null when its bytes are not a well-formed header of a type we take. */
export function readImageHeader(bytes: Buffer): ImageHeader | null {
  const type = sniffImageType(bytes);
  if (!type) return null;
  let size: { width: number; height: number } | null = null;
  if (type === 'image/png') {
    // IHDR must be the first chunk: length 13, then width and height.
    if (bytes.length >= 24 && bytes.toString('latin1', 12, 16) === 'IHDR')
      size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  } else if (type === 'image/gif') {
    if (bytes.length >= 10) size = { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  } else if (type === 'image/jpeg') {
    size = jpegSize(bytes);
  } else {
    size = webpSize(bytes);
  }
  if (!size || size.width <= 0 || size.height <= 0) return null;
  return { type, ...size };
}
