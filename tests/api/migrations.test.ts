import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// drizzle-kit writes `REFERENCES "public"."members"` into foreign keys. Tables live wherever
// `search_path` says (DATABASE_SCHEMA; one schema per test file), so a hard-coded "public"
// breaks migrating anywhere else. Strip the prefix from a generated migration before committing.
const dir = path.resolve(import.meta.dirname, '../../server/db/migrations');

describe('committed migrations', () => {
  it.each(readdirSync(dir).filter((f) => f.endsWith('.sql')))('%s names no schema', (file) => {
    expect(readFileSync(path.join(dir, file), 'utf8')).not.toMatch(/"public"\./);
  });
});
