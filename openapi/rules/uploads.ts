/**
 * Uploads (spec §7 Upload, §9): what each upload module takes, how an object is named, and what
 * an image may be. The server signs its policies with these limits and its receiver checks them;
 * the client checks a picked file against them before it asks for a policy.
 */
import { charCount } from './text';

export const UPLOAD_MODULES = ['avatar', 'feedback', 'task', 'forum'] as const;
export type UploadModule = (typeof UPLOAD_MODULES)[number];

/** The image types uploads take, with the extension a new object name gets. */
export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;
export const IMAGE_TYPE_LIST = Object.keys(IMAGE_TYPES) as ImageType[];

const MiB = 1024 * 1024;

/** Largest file and accepted types of each module. */
export const UPLOAD_LIMITS: Record<UploadModule, { maxSize: number; accept: readonly ImageType[] }> = {
  avatar: { maxSize: 2 * MiB, accept: IMAGE_TYPE_LIST },
  feedback: { maxSize: 5 * MiB, accept: IMAGE_TYPE_LIST },
  task: { maxSize: 5 * MiB, accept: ['image/png', 'image/jpeg', 'image/webp'] },
  forum: { maxSize: 5 * MiB, accept: IMAGE_TYPE_LIST },
};

/** The largest file any module takes (the receiver's hard limit). */
export const MAX_UPLOAD_SIZE = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxSize));

/** Pixel-flood guard: an image may have at most this many pixels, and no side longer than MAX_IMAGE_SIDE. */
export const MAX_IMAGE_PIXELS = 4096 * 4096;
export const MAX_IMAGE_SIDE = 8192;

/** The folder a member's objects of one module go in: `avatar/123/`. */
export const uploadDir = (module: UploadModule, memberId: number) => `${module}/${memberId}/`;

/**
 * A new object's name (spec §9): the time in ms, 4 random digits and the type's extension,
 * e.g. `17000000000004821.png`. `random` is in [0, 1).
 */
export function objectName(nowMs: number, random: number, type: ImageType): string {
  const digits = String(Math.floor(random * 10_000)).padStart(4, '0');
  return `${nowMs}${digits}.${IMAGE_TYPES[type]}`;
}

/**
 * An object key the site's receiver stores and serves: `<module>/<memberId>/<name>`, the name of
 * letters, digits, `.`, `_` and `-` with an image extension. No `..`, no absolute path, no backslash.
 */
export const OBJECT_KEY_RE =
  /^(avatar|feedback|task|forum)\/([1-9]\d{0,9})\/([A-Za-z0-9][A-Za-z0-9_-]{0,95}\.(png|jpe?g|gif|webp))$/;

/** The longest upload key a post, reply or ticket may name (the contract's limit). */
export const UPLOAD_KEY_MAX = 200;

/**
 * What a form says of its uploaded pictures' keys (`noun`: 图片, 截图): a key longer than
 * UPLOAD_KEY_MAX (uploads never make one; the words are for the contract's schemas too), or more
 * than `max` pictures.
 */
export function imageKeysMessages(max: number, noun: string): { key: string; count: string } {
  return { key: `${noun}上传有误，请删除后重新添加`, count: `最多上传 ${max} 张${noun}` };
}

/** The problem with a form's picture keys, or null: the contract's check (the count first, then each key), without zod. */
export function imageKeysProblem(keys: readonly string[], max: number, noun: string): string | null {
  if (keys.length > max) return imageKeysMessages(max, noun).count;
  if (keys.some((k) => charCount(k) > UPLOAD_KEY_MAX)) return imageKeysMessages(max, noun).key;
  return null;
}

/** The image type an object key's extension names, or null. */
export function typeOfKey(key: string): ImageType | null {
  const ext = /\.([a-z]+)$/i.exec(key)?.[1]?.toLowerCase();
  if (ext === 'jpeg' || ext === 'jpg') return 'image/jpeg';
  const found = IMAGE_TYPE_LIST.find((t) => IMAGE_TYPES[t] === ext);
  return found ?? null;
}

/** `2 MB` for 2 MiB: sizes as members read them. */
export function formatSize(bytes: number): string {
  if (bytes >= MiB) return `${Number((bytes / MiB).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** What the contents of a file say it is: the image type its first bytes are, or null. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** Bytes `sniffImageType` needs from the start of a file. */
export const SNIFF_BYTES = 16;

export type FileProblem = 'type' | 'size' | 'empty';

/**
 * Whether a picked file may be uploaded to `module`: its contents must be an accepted image type
 * (`sniffed`, from its first bytes) and it must fit the module's size.
 */
export function fileProblem(
  module: UploadModule,
  file: { size: number; sniffed: ImageType | null },
): FileProblem | null {
  const limit = UPLOAD_LIMITS[module];
  if (file.size === 0) return 'empty';
  if (!file.sniffed || !limit.accept.includes(file.sniffed)) return 'type';
  if (file.size > limit.maxSize) return 'size';
  return null;
}

/** zh-CN wording of what a module accepts: `PNG、JPG、GIF 或 WebP 图片，不超过 2 MB`. */
export function acceptWords(module: UploadModule): string {
  const names = UPLOAD_LIMITS[module].accept.map((t) => (t === 'image/webp' ? 'WebP' : IMAGE_TYPES[t].toUpperCase()));
  const list = names.length > 1 ? `${names.slice(0, -1).join('、')} 或 ${names[names.length - 1]}` : names[0];
  return `${list} 图片，不超过 ${formatSize(UPLOAD_LIMITS[module].maxSize)}`;
}
