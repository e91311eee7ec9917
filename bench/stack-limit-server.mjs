// The stack's own limit: a bare Fastify route with the same pg driver as the API that
// verifies an HS256 bearer token, reads one row by primary key with a prepared statement and
// answers the API's envelope. Nothing of the app: what our API does per request above this is what
// the API's figures are compared to (bench/api.mjs runs it beside them, in the same run).
//
// env: DATABASE_URL, PORT, STACK_LIMIT_SECRET (the HS256 key). Creates `stack_limit_rows` (1 000 rows).
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const secret = process.env.STACK_LIMIT_SECRET;
if (!secret) throw new Error('STACK_LIMIT_SECRET is not set');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(`create table if not exists stack_limit_rows (id int primary key, balance int not null, updated_at timestamptz not null);
  insert into stack_limit_rows select g, g * 7 % 1000, now() from generate_series(1, 1000) g on conflict do nothing`);

const b64url = (buf) => buf.toString('base64url');
/** The member id of a valid, unexpired HS256 token, or null. */
function verify(header) {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
  const parts = token?.split('.');
  if (!parts || parts.length !== 3) return null;
  const expected = Buffer.from(b64url(createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest()));
  const given = Buffer.from(parts[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  return claims.exp * 1000 > Date.now() ? Number(claims.sub) : null;
}

const app = Fastify({ logger: false });
app.get('/api/v1/stack-limit', async (request, reply) => {
  const id = verify(request.headers.authorization);
  if (id === null) return reply.code(401).send({ code: 401, msg: '请先登录', data: null });
  const { rows } = await pool.query({
    name: 'one-row',
    text: 'select id, balance, updated_at from stack_limit_rows where id = $1',
    values: [id],
  });
  return { code: 200, msg: '成功', data: rows[0] ?? null };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => app.close().then(() => pool.end().then(() => process.exit(0))));
