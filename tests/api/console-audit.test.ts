/**
 * The audit log from outside: every console write leaves exactly one row naming its operation
 * (the test fails when a console write has no entry in console-writes*.ts), refused moves leave
 * none, rows cannot be changed, and the hash chain names the first edited row — through the API
 * and `npm run ops -- audit verify`. CLI writes are rows too, with the staff account they ran as.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../openapi/index';
import { auditLog } from '../../server/db/schema-staff';
import { consoleHarness, type ConsoleHarness, type StaffAccount } from './console-helpers';
import { staffWrites, type ConsoleWrite } from './console-writes';
import { memberWrites } from './console-writes-members';
import { reviewWrites } from './console-writes-review';
import { runOpsIn } from './ops-helpers';

// staffWrites last: its sign-outs end the admin's sessions.
const ALL_WRITES: ConsoleWrite[] = [...memberWrites, ...reviewWrites, ...staffWrites];

let h: ConsoleHarness;
let admin: StaffAccount;
beforeAll(async () => {
  h = await consoleHarness('console-audit');
  admin = await h.staff(['admin']);
});
afterAll(() => h.env.cleanup());

const rows = () => h.ctx.db.select().from(auditLog).orderBy(auditLog.id);

describe('the audit log', () => {
  it('knows a successful call of every console write', () => {
    const writes = operations.filter((o) => o.auth === 'staff' && o.method === 'post').map((o) => o.id);
    expect(writes.filter((id) => !ALL_WRITES.some((w) => w.op === id))).toEqual([]);
  });

  for (const w of ALL_WRITES)
    it(`${w.op}: one row, with who, what, where from and when`, async () => {
      const before = (await rows()).length;
      expect(await w.call(h, admin)).toBe(200);
      const added = (await rows()).slice(before).filter((r) => r.operation !== 'staffSignInVerify');
      expect(added.map((r) => r.operation)).toEqual([w.op]);
      expect(added[0]).toMatchObject({ staffLogin: admin.login, staffRoles: 'admin', channel: 'console' });
      expect(added[0]!.ip).toBeTruthy();
      expect(JSON.stringify(added[0]!.after ?? {})).not.toMatch(/"(totp|password|newPassword)"/);
    });

  it('a refused move leaves no row', async () => {
    // The writes above ended every session of the admin's (sign-out everywhere).
    admin.token = await h.signIn(admin);
    const before = (await rows()).length;
    const support = await h.staff(['support']);
    const afterSignIn = (await rows()).length;
    const refused = await h.admin('POST', '/api/admin/v1/staff', support.token, {
      login: 'sneaky',
      name: '偷偷',
      roles: ['admin'],
    });
    expect(refused.code).toBe(1206);
    const wrongCode = await h.admin('POST', `/api/admin/v1/staff/${support.login}/disable`, admin.token, {
      reason: '测试',
      totp: '000000',
    });
    expect(wrongCode.code).toBe(1204);
    expect((await rows()).length).toBe(afterSignIn);
    expect(afterSignIn - before).toBe(1); // the sign-in itself
  });

  it('rows cannot be changed or removed', async () => {
    await expect(h.ctx.db.execute(sql`UPDATE audit_log SET reason = 'x' WHERE id = 1`)).rejects.toThrow();
    await expect(h.ctx.db.execute(sql`DELETE FROM audit_log WHERE id = 1`)).rejects.toThrow();
  });

  it('CLI writes are rows of the staff they ran as; reads are not', async () => {
    const before = (await rows()).length;
    const listed = await runOpsIn(h.ctx, ['staff', 'list'], { user: '管理员老王' });
    expect(listed.code).toBe(0);
    expect((await rows()).length).toBe(before);
    const added = await runOpsIn(h.ctx, ['staff', 'add', 'cli.new', '--name', '命令行新人', '--role', 'finance'], {
      user: '管理员老王',
    });
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/^TOTP secret: [A-Z2-7]{32}$/m);
    const last = (await rows()).at(-1)!;
    expect(last).toMatchObject({ operation: 'ops staff add', channel: 'cli', targetId: 'cli.new' });
    const asFinance = await runOpsIn(h.ctx, ['staff', 'add', 'cli.other', '--name', '另一个', '--role', 'admin'], {
      user: '财务',
      roles: ['finance'],
    });
    expect(asFinance.code).toBe(1);
    expect(asFinance.err).toContain('无权限');
  });

  it('the chain proves the log intact, and names the first edited row', async () => {
    const ok = await h.admin('GET', '/api/admin/v1/audit/verify', admin.token);
    expect(ok.data).toMatchObject({ intact: true, firstBrokenId: null });
    const n = (ok.data as { rows: number }).rows;
    expect(n).toBe((await rows()).length);
    expect((await runOpsIn(h.ctx, ['audit', 'verify'], { user: '管理员老王' })).code).toBe(0);

    // Someone with the database owner's rights turns the guard off and edits row 3.
    await h.ctx.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
    await h.ctx.db.execute(sql`UPDATE audit_log SET reason = '改过的原因' WHERE id = 3`);
    await h.ctx.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
    const broken = await h.admin('GET', '/api/admin/v1/audit/verify', admin.token);
    expect(broken.data).toMatchObject({ intact: false, firstBrokenId: 3 });
    expect((broken.data as { problem: string }).problem).toContain('第 3 行');
    const cli = await runOpsIn(h.ctx, ['audit', 'verify'], { user: '管理员老王' });
    expect(cli.code).toBe(1);
    expect(cli.out).toContain('第 3 行');
  });

  it('lists and filters the log for staff with audit.read', async () => {
    const page = await h.admin(
      'GET',
      `/api/admin/v1/audit?staff=${admin.login}&operation=createStaff&pageSize=5`,
      admin.token,
    );
    const data = page.data as { list: { staffLogin: string; operationName: string }[]; total: number };
    expect(data.total).toBe(1);
    expect(data.list).toMatchObject([
      { staffLogin: admin.login, operationName: '新建员工账号（返回一次性密码与身份验证器密钥）' },
    ]);
    const none = await h.admin('GET', `/api/admin/v1/audit?staff=nobody`, admin.token);
    expect(none.data).toMatchObject({ list: [], total: 0 });
  });
});
