import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import UpdatingPage from '../../../src/pages/updating/UpdatingPage';
import { leaveMaintenance, returnPathOf } from '../../../src/services/maintenance';
import { ok, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);
vi.mock('../../../src/services/maintenance', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  leaveMaintenance: vi.fn(),
}));

/** `/updating`: the maintenance page asks whether the site is open and goes back where the member was. */

beforeEach(() => {
  server.reset();
  vi.mocked(leaveMaintenance).mockClear();
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/updating container', () => {
  it('while in maintenance it shows the operator’s note and stays', async () => {
    server.reply('getSiteStatus', ok({ maintenance: true, message: '预计 23:00 恢复' }));
    renderPage(<UpdatingPage />, { url: '/updating?from=%2Ftask%3Fmodule%3D2', path: '/updating' });
    await screen.findByText('预计 23:00 恢复');
    expect(leaveMaintenance).not.toHaveBeenCalled();
  });

  it('once the site is open it goes back to the page the member was on', async () => {
    server.reply('getSiteStatus', ok({ maintenance: false, message: null }));
    renderPage(<UpdatingPage />, { url: '/updating?from=%2Ftask%3Fmodule%3D2', path: '/updating' });
    await waitFor(() => expect(leaveMaintenance).toHaveBeenCalledWith('/task?module=2'));
  });

  it('goes back only inside the site', () => {
    expect(returnPathOf('/home/gold')).toBe('/home/gold');
    expect(returnPathOf('//evil.example.com/x')).toBe('/');
    expect(returnPathOf('https://evil.example.com')).toBe('/');
    expect(returnPathOf('/updating?from=/x')).toBe('/');
    expect(returnPathOf(null)).toBe('/');
  });
});
