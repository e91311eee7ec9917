import { StorageKey } from '../../services/storage';

/**
 * MAKEMONEYSTATUS (spec §3, GLOSSARY): the member's saved state of the task ("make money") page —
 * the last chosen module. Local storage; it survives logout by design (storage.ts clearLogin keeps it).
 * Stored as JSON `{ "module": 2 }`; `module: null` = 全部. Anything unreadable counts as nothing saved.
 */
export interface MakeMoneyStatus {
  module: number | null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readMakeMoneyStatus(): MakeMoneyStatus | null {
  const raw = storage()?.getItem(StorageKey.MAKE_MONEY_STATUS);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (parsed && typeof parsed === 'object' && 'module' in parsed) {
      const m = (parsed as { module: unknown }).module;
      if (m === null || (typeof m === 'number' && Number.isInteger(m))) return { module: m };
    }
  } catch {
    // an old or foreign value: ignore it
  }
  return null;
}

export function saveMakeMoneyStatus(status: MakeMoneyStatus): void {
  try {
    storage()?.setItem(StorageKey.MAKE_MONEY_STATUS, JSON.stringify(status));
  } catch {
    // storage full or disabled: the choice is simply not remembered
  }
}
