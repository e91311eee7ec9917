import { afterEach, describe, expect, it, vi } from 'vitest';
import { postToHost } from '../../../src/flows/upload';

/** A 1×1 PNG: what the member picked. */
const png = () =>
  new Blob(
    [
      Uint8Array.from(
        atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
        (c) => c.charCodeAt(0),
      ),
    ],
    { type: 'image/png' },
  );

const policy = {
  host: '/uploads',
  publicBase: '/uploads/',
  dir: 'avatar/1/',
  expire: Date.now() + 60_000,
  fields: [{ name: 'policy', value: 'p' }],
};

afterEach(() => vi.unstubAllGlobals());

describe('postToHost', () => {
  it('reads the host’s answer to its end before resolving, so stopping the actor (which aborts the signal) cancels nothing the browser would log as net::ERR_ABORTED', async () => {
    const answer = new Response('', { status: 200 });
    const fetch = vi.fn(async () => answer);
    vi.stubGlobal('fetch', fetch);
    const controller = new AbortController();
    const done = await postToHost(policy as never, png(), controller.signal);
    expect(done.key).toMatch(/^avatar\/1\/\d+\.png$/);
    expect(done.url).toBe(`/uploads/${done.key}`);
    expect(answer.bodyUsed).toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      '/uploads',
      expect.objectContaining({ method: 'POST', signal: controller.signal }),
    );
  });

  it('a refusal still reads the host’s XML error into the member’s words', async () => {
    const xml = '<Error><Code>EntityTooLarge</Code><Message>too big</Message></Error>';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(xml, { status: 400 })),
    );
    await expect(postToHost(policy as never, png())).rejects.toMatchObject({ ossCode: 'EntityTooLarge' });
  });
});
