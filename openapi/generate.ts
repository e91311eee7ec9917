/**
 * `npm run gen:api` writes openapi/openapi.json (OpenAPI 3.1), openapi/schema.d.ts and
 * openapi/routes.ts (the client's zod-free request table) from the operation table.
 * `--check` fails when the committed files are stale.
 */
import { PERMISSIONS } from './rules/staff';
import { StaffLockWait } from './schemas/admin';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import {
  createDocument,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';
import { operationGroups, operations } from './index';
import { ErrorEnvelope, type Operation } from './op';
import { Code, describeCode, resultCodes, type CodeName } from './codes';

const here = path.dirname(fileURLToPath(import.meta.url));
const jsonPath = path.join(here, 'openapi.json');
const dtsPath = path.join(here, 'schema.d.ts');
const routesPath = path.join(here, 'routes.ts');
const routesAdminPath = path.join(here, 'routes-admin.ts');

const msg = z.string().meta({ description: '给用户看的中文说明' });

/** A refusal or normal result without `data`: any code but 200 and `declared`. */
function plainRefusal(declared: number[]) {
  return z
    .object({
      code: z.int().meta({
        description: '结果码（见结果码表），不是 200',
        override: { type: 'integer', not: { enum: [200, ...declared] } },
      }),
      msg,
    })
    .meta({ description: '业务拒绝或正常结果（不带 data）' });
}
const Refusal = plainRefusal([]).meta({ id: 'Refusal' });

/**
 * The HTTP 200 answer: the success envelope, or a refusal / normal result (code ≠ 200). A code
 * the operation declares in `refusals` comes with that `data`; every other code comes without.
 */
function answer200(o: Operation) {
  // A move that asks for a fresh authenticator code may find the account locked by wrong codes.
  const refusals = { ...(o.freshTotp ? { STAFF_LOCKED: StaffLockWait } : {}), ...o.refusals };
  const declared = (Object.entries(refusals) as [CodeName, z.ZodType][]).map(([name, data]) => ({
    code: Code[name],
    schema: z
      .object({ code: z.literal(Code[name]).meta({ description: `结果码 ${name}` }), msg, data })
      .meta({ description: describeCode(Code[name])!.msg }),
  }));
  return z.union([
    z
      .object({ code: z.literal(200).meta({ description: '成功' }), msg, data: o.response.optional() })
      .meta({ description: '成功' }),
    ...declared.map((d) => d.schema),
    declared.length ? plainRefusal(declared.map((d) => d.code)) : Refusal,
  ]);
}

const errorContent = { 'application/json': { schema: ErrorEnvelope } };

/** Answers shared by many operations, as components. */
const shared = {
  invalidParams: {
    id: 'InvalidParams',
    description: '参数错误（INVALID_PARAMS）：data.fields 列出每个出错的字段',
    content: errorContent,
  },
  unauthorized: { id: 'Unauthorized', description: '未登录或登录已失效（UNAUTHORIZED）', content: errorContent },
  staffUnauthorized: {
    id: 'StaffUnauthorized',
    description: '未登录管理后台或会话已结束（UNAUTHORIZED）：会员的登录凭据在这里无效',
    content: errorContent,
  },
  staffForbidden: {
    id: 'StaffForbidden',
    description: '无权限（STAFF_FORBIDDEN）：员工的角色没有这项操作所需的权限',
    content: errorContent,
  },
  clientError: {
    id: 'ClientError',
    description: '其他客户端错误，如内容不存在（404）、请求体过大（413）',
    content: errorContent,
  },
  serverError: {
    id: 'ServerError',
    description: '服务器出错（500）、功能暂未开放（501）或系统维护中（503，结果码 10014）',
    content: errorContent,
  },
} satisfies Record<string, ZodOpenApiResponseObject>;

/** Whether the operation reads input that can be wrong: path, query or a JSON body (every POST parses one). */
function takesInput(o: Operation): boolean {
  return (
    o.method === 'post' ||
    Boolean(o.params && Object.keys(o.params.shape).length) ||
    Boolean(o.query && Object.keys(o.query.shape).length)
  );
}

/** Every answer the operation gives, by HTTP status. */
function responsesOf(o: Operation): ZodOpenApiResponsesObject {
  return {
    '200': {
      description: '结果信封：code 为 200 时成功，data 有值；其余 code 为业务拒绝或正常结果（见结果码表）',
      content: { 'application/json': { schema: answer200(o) } },
    },
    ...(takesInput(o) && { '400': shared.invalidParams }),
    ...(o.auth === 'member' && { '401': shared.unauthorized }),
    ...(o.auth === 'staff' && { '401': shared.staffUnauthorized, '403': shared.staffForbidden }),
    ...(o.unauthorized && {
      '401': { description: `${shared.unauthorized.description}：${o.unauthorized}`, content: errorContent },
    }),
    ...(o.limited && {
      '429': {
        description: `操作太频繁（RATE_LIMITED）：${o.limited}`,
        headers: z.object({
          'Retry-After': z.int().positive().meta({ description: '建议多少秒后再试' }),
        }),
        content: errorContent,
      },
    }),
    '4XX': shared.clientError,
    '5XX': shared.serverError,
  };
}

export function buildDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const o of operations) {
    const item = (paths[o.path] ??= {});
    const isEmptyBody = !o.body || o.body instanceof z.ZodUndefined;
    item[o.method] = {
      operationId: o.id,
      summary: o.summary,
      tags: [o.tag],
      ...(o.permission && { description: `所需权限：${o.permission}（${PERMISSIONS[o.permission]}）${o.freshTotp ? '；须在请求体 totp 中附上新的动态验证码' : ''}` }),
      security:
        o.auth === 'member' || o.auth === 'staff' ? [{ bearer: [] }] : o.auth === 'optional' ? [{}, { bearer: [] }] : [],
      requestParams: {
        ...(o.params && Object.keys(o.params.shape).length ? { path: o.params } : {}),
        ...(o.query && Object.keys(o.query.shape).length ? { query: o.query } : {}),
      },
      ...(isEmptyBody ? {} : { requestBody: { required: true, content: { 'application/json': { schema: o.body! } } } }),
      responses: responsesOf(o),
    };
  }
  const codeTable = resultCodes
    .map((c) => `| ${c.code} | ${c.name} | ${c.msg} | ${c.behaviour} | ${c.http} |`)
    .join('\n');
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: '微豆调研 API',
      version: '1.0.0',
      description:
        '所有接口位于 /api 之下，回复均为 `{ code, msg, data? }`。时间为 Unix 毫秒时间戳，微豆为整数，金额单位为分。\n\n' +
        '| code | name | msg | 客户端行为 | HTTP |\n|---|---|---|---|---|\n' +
        codeTable,
    },
    servers: [{ url: '/api' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  });
}

/** The console's operations: their groups are named `admin…` and their paths start `/admin/`. */
export const isConsoleGroup = (group: string) => group.startsWith('admin');

/**
 * openapi/routes.ts (the member site) and openapi/routes-admin.ts (the console): what the client
 * needs to send each operation (method, path, auth) and the group module holding its zod schemas,
 * loaded on the operation's first call. No zod in them, so the client's first-route chunk carries
 * no schemas, and the member site carries none of the console's operations.
 */
export async function buildRoutes(consoleTable: boolean): Promise<string> {
  const groupOf = new Map<Operation, string>();
  for (const [group, members] of Object.entries(operationGroups)) {
    for (const value of Object.values(members)) groupOf.set(value as Operation, group);
  }
  const groups = Object.keys(operationGroups).filter((g) => isConsoleGroup(g) === consoleTable);
  const file = consoleTable ? routesAdminPath : routesPath;
  const text = [
    '/* Generated by `npm run gen:api` from the operation table (openapi/operations). Do not edit. */',
    "import type { Auth } from './op';",
    '',
    `/** Each group module of \`openapi/operations/\`${consoleTable ? ' (the console’s)' : ''}, loaded when one of its operations is first called. */`,
    'export const operationModules = {',
    ...groups.map((g) => `  ${g}: () => import('./operations/${g}'),`),
    '};',
    '',
    'export type OperationGroup = keyof typeof operationModules;',
    '',
    '/** What a request needs: method, path (under `/api`), who may call, and where the schemas are. */',
    'export interface OperationRoute {',
    "  method: 'get' | 'post';",
    '  path: string;',
    '  auth: Auth;',
    '  group: OperationGroup;',
    '}',
    '',
    `/** Every ${consoleTable ? 'console ' : ''}operation by id, in the order of the generated document. */`,
    'export const operationRoutes = {',
    ...operations
      .filter((o) => isConsoleGroup(groupOf.get(o)!) === consoleTable)
      .map(
        (o) => `  ${o.id}: { method: '${o.method}', path: '${o.path}', auth: '${o.auth}', group: '${groupOf.get(o)}' },`,
      ),
    '} as const satisfies Record<string, OperationRoute>;',
    '',
  ].join('\n');
  return format(text, { ...(await resolveConfig(file)), filepath: file });
}

async function main() {
  const json = JSON.stringify(buildDocument(), null, 2) + '\n';
  const ast = await openapiTS(JSON.parse(json));
  const dts = '/* Generated by `npm run gen:api` from openapi/openapi.json. Do not edit. */\n' + astToString(ast);
  const routes = await buildRoutes(false);
  const routesAdmin = await buildRoutes(true);
  if (process.argv.includes('--check')) {
    const stale = [
      [jsonPath, json],
      [dtsPath, dts],
      [routesPath, routes],
      [routesAdminPath, routesAdmin],
    ].filter(([file, text]) => !existsSync(file!) || readFileSync(file!, 'utf8') !== text);
    if (stale.length) {
      console.error(
        `契约生成文件已过期：${stale.map(([f]) => path.relative(process.cwd(), f!)).join(', ')}。请运行 npm run gen:api 并提交。`,
      );
      process.exit(1);
    }
    console.log(`openapi: ${operations.length} operations, generated files up to date`);
    return;
  }
  writeFileSync(jsonPath, json);
  writeFileSync(dtsPath, dts);
  writeFileSync(routesPath, routes);
  writeFileSync(routesAdminPath, routesAdmin);
  console.log(`openapi: wrote ${operations.length} operations to openapi.json, schema.d.ts, routes.ts and routes-admin.ts`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
