import { describe, expect, it } from 'vitest';
import { folderOf, SHARDS } from './run';

/** Only the file names (not imported): every folder of stories/ must be run by a shard. */
const files = Object.keys(import.meta.glob('../../stories/**/*.stories.tsx'));

describe('story shards', () => {
  it('run every folder of stories/', () => {
    const covered = new Set<string>(Object.values(SHARDS).flat());
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect([...new Set(files.map(folderOf))].filter((f) => !covered.has(f))).toEqual([]);
  });
});
