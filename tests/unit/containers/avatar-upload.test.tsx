import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine } from '../../../machines/session';
import { AvatarUploader } from '../../../src/components/AvatarUploader';
import { SessionProvider } from '../../../src/flows/session';
import { useAvatarUpload } from '../../../src/flows/useAvatarUpload';
import { ok, pngFile as pngPicture, refuse, renderPage, server, uploadPolicy } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/**
 * The avatar uploader as a page places it: `useAvatarUpload` + `AvatarUploader` over the fake
 * contract server (policy, avatar) and a fake upload host (the form the browser posts).
 */

const policy = uploadPolicy('avatar', 2 * 1024 * 1024);
// The name and type lie; the bytes are a PNG.
const pngFile = (name = 'me.jpg', size = 2048) => pngPicture(name, { size, type: 'image/jpeg' });

/** What the upload host was sent, and what it answers. */
let posted: { url: string; entries: [string, FormDataEntryValue][] }[] = [];
let hostAnswer: () => Response;

function Section({ onChanged }: { onChanged: (avatar: string) => void }) {
  const [current, setCurrent] = useState<string | null>(null);
  const upload = useAvatarUpload({
    onChanged: (avatar) => {
      setCurrent(avatar);
      onChanged(avatar);
    },
  });
  return <AvatarUploader current={current} nickname="小鹿" {...upload} />;
}

function renderSection() {
  const session = createActor(sessionMachine.provide({ actions: { cacheUser: () => {} } }), {
    input: { loggedIn: true, user: { nickname: '小鹿', avatar: null } },
  }).start();
  const onChanged = vi.fn();
  renderPage(
    <SessionProvider actor={session}>
      <Section onChanged={onChanged} />
    </SessionProvider>,
    { url: '/home/user' },
  );
  return { session, onChanged };
}

const pick = (file: File) => fireEvent.change(screen.getByLabelText('选择头像图片'), { target: { files: [file] } });

beforeEach(() => {
  server.reset();
  posted = [];
  hostAnswer = () => new Response('', { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      posted.push({ url, entries: [...(init.body as FormData).entries()] });
      return hostAnswer();
    }),
  );
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(server.mismatches).toEqual([]);
});

describe('avatar upload on a page', () => {
  it('uploads the picture as what its bytes are, sets it, and the header and page show it', async () => {
    server.reply('getOssPolicy', ok(policy));
    server.reply('updateAvatar', (call) => ok({ avatar: `/uploads/${(call.body as { key: string }).key}` }));
    const { session, onChanged } = renderSection();
    pick(pngFile());

    await screen.findByText('头像已更新');
    expect(server.callsOf('getOssPolicy')[0]!.query).toEqual({ module: 'avatar' });
    expect(posted).toHaveLength(1);
    const [form] = posted;
    expect(form!.url).toBe('/uploads');
    const names = form!.entries.map(([n]) => n);
    expect(names).toEqual([...policy.fields.map((f) => f.name), 'key', 'Content-Type', 'file']);
    const key = String(form!.entries.find(([n]) => n === 'key')![1]);
    expect(key).toMatch(/^avatar\/7\/\d{17}\.png$/);
    expect(form!.entries.find(([n]) => n === 'Content-Type')![1]).toBe('image/png');
    expect(server.callsOf('updateAvatar')[0]!.body).toEqual({ key });
    expect(onChanged).toHaveBeenCalledWith(`/uploads/${key}`);
    expect(session.getSnapshot().context.user?.avatar).toBe(`/uploads/${key}`);
    expect((screen.getByRole('button', { name: '更换头像' }) as HTMLButtonElement).disabled).toBe(false);
    expect(server.toasts).toEqual([]);
  });

  it('refuses a file that is not a picture before asking for a policy', async () => {
    renderSection();
    pick(new File(['just text, named like a picture'], 'me.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请选择PNG、JPG、GIF 或 WebP 图片，不超过 2 MB');
    expect(server.calls).toEqual([]);
    expect(posted).toEqual([]);
  });

  it('refuses a picture over 2 MB before asking for a policy', async () => {
    renderSection();
    pick(pngFile('big.png', 3 * 1024 * 1024));
    expect((await screen.findByRole('alert')).textContent).toContain('图片有 3 MB，不能超过 2 MB');
    expect(server.calls).toEqual([]);
  });

  it('shows the upload host’s refusal in the member’s words, once, and saves nothing', async () => {
    server.reply('getOssPolicy', ok(policy));
    hostAnswer = () =>
      new Response(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error>\n  <Code>AccessDenied</Code>\n  <Message>Invalid according to Policy: Policy expired.</Message>\n</Error>',
        { status: 403, headers: { 'content-type': 'application/xml' } },
      );
    renderSection();
    pick(pngFile());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('上传没有成功');
    expect(alert.textContent).toContain('上传凭证已过期，请重新选择图片');
    expect(server.callsOf('updateAvatar')).toEqual([]);
    expect(server.toasts).toEqual([]);
  });

  it('shows a refused policy once (no toast on top) and a network failure with 重试', async () => {
    server.reply('getOssPolicy', refuse('RATE_LIMITED', '上传太频繁，请稍后再试'));
    renderSection();
    pick(pngFile());
    expect((await screen.findByRole('alert')).textContent).toContain('上传太频繁，请稍后再试');
    expect(server.toasts).toEqual([]);

    server.reply('getOssPolicy', ok(policy));
    server.reply('updateAvatar', 'network-error');
    pick(pngFile());
    expect((await screen.findByRole('alert')).textContent).toContain('网络错误，请检查网络后重试');
    server.reply('updateAvatar', (call) => ok({ avatar: `/uploads/${(call.body as { key: string }).key}` }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('头像已更新');
    await waitFor(() => expect(server.callsOf('updateAvatar')).toHaveLength(2));
    expect(posted).toHaveLength(1); // the picture was uploaded once; only the save was retried
  });
});
