import { describe, expect, it } from 'vitest';
import { folderOf, SHARDS } from './run';

/** Only the file names (not imported): every folder a shard names holds stories (a folder named nowhere runs in the catch-all). */
const files = Object.keys(import.meta.glob('../../stories/**/*.stories.tsx'));

describe('story shards', () => {
  it('name only folders of stories/', () => {
    const folders = new Set(files.map(folderOf));
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(Object.values(SHARDS).flat().filter((f) => !folders.has(f))).toEqual([]);
  });
});
