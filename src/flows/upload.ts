import { fromPromise } from 'xstate';
import {
  avatarUploadMachine,
  type FileFacts,
  type PickedFile,
  type UploadPolicy,
  type UploadRefusal,
  type UploadedObject,
} from '../../machines/avatarUpload';
import { SNIFF_BYTES, objectName, sniffImageType, type UploadModule } from '../../openapi/rules/uploads';
import { quietApi } from '../api';

/**
 * Uploads (spec §7 Upload): a policy from `/v1/oss/policy`, then the file posted straight to the
 * policy's host — the OSS bucket, or the site's own receiver at /uploads — as a PostObject form:
 * the policy's fields in order, `key`, `Content-Type`, and `file` last. `uploadFile` is the whole
 * upload for any module (the avatar now; feedback screenshots and forum pictures later); the
 * avatar machine's actors use its two halves so that each has its own state.
 */

/** What the member reads for an upload host's error code (OSS's, and the receiver's own ones). */
const OSS_ERROR_WORDS: Record<string, string> = {
  AccessDenied: '上传凭证不允许这次上传，请重新选择图片',
  SignatureDoesNotMatch: '上传凭证校验失败，请重新选择图片',
  InvalidAccessKeyId: '上传服务配置有误，请稍后再试',
  RequestTimeTooSkewed: '手机或电脑的时间不准，请校准时间后再试',
  EntityTooLarge: '图片太大了，请换一张或压缩后再试',
  EntityTooSmall: '这个文件是空的，请换一张图片',
  InvalidImage: '这个文件不是有效的图片，请换一张',
  ImageTooLarge: '图片尺寸太大，请缩小后再试',
  QuotaExceeded: '今天上传的图片太多了，请明天再试',
  InvalidObjectName: '上传失败，请重新选择图片',
  InvalidArgument: '上传失败，请重新选择图片',
  InvalidPolicyDocument: '上传失败，请重新选择图片',
  MalformedPOSTRequest: '上传失败，请重新选择图片',
};
const POLICY_EXPIRED_WORDS = '上传凭证已过期，请重新选择图片';
const HOST_FAILED_WORDS = '上传服务暂时不可用，请稍后再试';

/** The zh-CN words for an upload host's refusal (its XML `Code` and `Message`). */
export function uploadRefusalWords(code: string, message = ''): string {
  if (code === 'AccessDenied' && /Policy expired/i.test(message)) return POLICY_EXPIRED_WORDS;
  return OSS_ERROR_WORDS[code] ?? HOST_FAILED_WORDS;
}

/** The refusal in an upload host's answer: its XML error, or the HTTP status when there is none. */
export function refusalOf(status: number, body: string): UploadRefusal {
  const text = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(body)?.[1] ?? '';
  const ossCode = text('Code') || `HTTP${status}`;
  return { ossCode, msg: uploadRefusalWords(ossCode, text('Message')) };
}

/** The file's size and the image type its first bytes are. */
export async function readFileFacts(file: Blob): Promise<FileFacts> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return { size: file.size, sniffed: sniffImageType(head) };
}

/** The picked file as the browser gave it (a File is a Blob). */
export const asBlob = (file: PickedFile): Blob => {
  if (!(file instanceof Blob)) throw new TypeError('the picked file is not a Blob');
  return file;
};

/**
 * Post `file` to the policy's host under a new key (spec §9: dir + ms timestamp + 4 random digits +
 * extension). The Content-Type sent is what the file's bytes are, so a renamed picture still
 * uploads as what it is. Resolves with the key and public URL; rejects with an `UploadRefusal` when
 * the host refuses, and with the fetch error when nothing answers.
 */
export async function postToHost(policy: UploadPolicy, file: Blob, signal?: AbortSignal): Promise<UploadedObject> {
  const { sniffed } = await readFileFacts(file);
  if (!sniffed) throw { ossCode: 'InvalidImage', msg: uploadRefusalWords('InvalidImage') } satisfies UploadRefusal;
  const key = policy.dir + objectName(Date.now(), Math.random(), sniffed);
  const form = new FormData();
  for (const f of policy.fields) form.append(f.name, f.value);
  form.append('key', key);
  form.append('Content-Type', sniffed);
  form.append('file', file);
  const res = await fetch(policy.host, { method: 'POST', body: form, signal });
  if (!res.ok) throw refusalOf(res.status, await res.text().catch(() => ''));
  // Read the (empty or short XML) answer to its end before resolving: the actor that called this
  // is stopped once it resolves, which aborts `signal`, and a body still open then is cancelled —
  // the browser logs that as `POST /uploads net::ERR_ABORTED` though the upload succeeded.
  await res.arrayBuffer().catch(() => undefined);
  return { key, url: policy.publicBase + key };
}

/** The whole upload of one file to `module`: a policy, then the post. */
export async function uploadFile(module: UploadModule, file: Blob, signal?: AbortSignal): Promise<UploadedObject> {
  const policy = await quietApi.call('getOssPolicy', { query: { module }, signal });
  return postToHost(policy, file, signal);
}

/** The avatar machine's actors over the API and the upload host. */
export const avatarUploadActors = {
  inspect: fromPromise<FileFacts, { file: PickedFile }>(({ input }) => readFileFacts(asBlob(input.file))),
  policy: fromPromise<UploadPolicy, { module: UploadModule }>(({ input, signal }) =>
    quietApi.call('getOssPolicy', { query: { module: input.module }, signal }),
  ),
  upload: fromPromise<UploadedObject, { policy: UploadPolicy; file: PickedFile }>(({ input, signal }) =>
    postToHost(input.policy, asBlob(input.file), signal),
  ),
  save: fromPromise<{ avatar: string }, { key: string }>(({ input }) =>
    quietApi.call('updateAvatar', { body: { key: input.key } }),
  ),
};

export const appAvatarUploadMachine = avatarUploadMachine.provide({ actors: avatarUploadActors });
