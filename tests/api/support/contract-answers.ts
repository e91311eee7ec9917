/**
 * Check a real answer of the API against the generated contract (openapi/openapi.json), as a
 * validating proxy would: the operation is found by method and path; the HTTP status must be one
 * the operation declares — 400, 401 and 429 by their own number, other 4xx and 5xx through the
 * `4XX` / `5XX` ranges; the body must match that response's JSON Schema (ajv, JSON Schema
 * 2020-12 as OpenAPI 3.1 uses); a 429 must say when to retry (`Retry-After`).
 * Requests that match no operation (the SPA, unknown calls) are not checked here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

interface ResponseObject {
  $ref?: string;
  content?: Record<string, unknown>;
}
interface OperationObject {
  operationId: string;
  responses: Record<string, ResponseObject>;
}
interface Document {
  paths: Record<string, Record<string, OperationObject>>;
}

export interface Answer {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** Statuses an operation must name itself when it can answer them (no range covers them). */
const NAMED_STATUSES = new Set([200, 400, 401, 429]);

const DOC_ID = 'openapi.json';
const documentPath = fileURLToPath(new URL('../../../openapi/openapi.json', import.meta.url));

let compiled: { match(method: string, path: string): Matched | undefined; ajv: Ajv2020 } | undefined;

interface Matched {
  template: string;
  method: string;
  operation: OperationObject;
}

function load() {
  if (compiled) return compiled;
  const doc = JSON.parse(readFileSync(documentPath, 'utf8')) as Document;
  // OpenAPI keywords (discriminator, info…) are not JSON Schema: not strict. Formats are checked by zod on the server.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, validateSchema: false, allErrors: true });
  ajv.addSchema(doc, DOC_ID);
  // Literal paths before templated ones (`/v1/notices/unread` before `/v1/notices/{id}`).
  const routes = Object.entries(doc.paths)
    .flatMap(([template, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        template,
        method,
        operation,
        params: (template.match(/\{/g) ?? []).length,
        re: new RegExp(`^/api${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      })),
    )
    .sort((a, b) => a.params - b.params);
  compiled = {
    ajv,
    match: (method, path) => routes.find((r) => r.method === method && r.re.test(path)),
  };
  return compiled;
}

const validators = new Map<string, ValidateFunction>();

function pointer(...parts: string[]): string {
  return parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** The problem with `answer`, or null when the contract allows it (or it belongs to no operation). */
export function contractProblem(answer: Answer): string | null {
  const { ajv, match } = load();
  const path = answer.url.split('?')[0]!;
  const found = match(answer.method.toLowerCase(), path);
  if (!found) return null;
  const { operation } = found;
  const status = answer.statusCode;
  const where = `${operation.operationId} (${answer.method.toUpperCase()} ${path}) HTTP ${status}`;
  const ownKey = String(status);
  const rangeKey = `${Math.floor(status / 100)}XX`;
  const key =
    ownKey in operation.responses
      ? ownKey
      : NAMED_STATUSES.has(status)
        ? null
        : ([rangeKey, 'default'].find((k) => k in operation.responses) ?? null);
  if (!key) return `${where}: the contract does not declare this status for the operation`;

  let base = pointer('#', 'paths', found.template, found.method, 'responses', key);
  const declared = operation.responses[key]!;
  if (declared.$ref) {
    const name = declared.$ref.split('/').pop()!;
    base = pointer('#', 'components', 'responses', name);
  }
  const ref = `${DOC_ID}${base}/${pointer('content', 'application/json', 'schema')}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.getSchema(ref);
    if (!validate) return `${where}: no JSON schema at ${ref}`;
    validators.set(ref, validate);
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `${where}: the body is not JSON: ${answer.body.slice(0, 200)}`;
  }
  if (!validate(body)) {
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
    return `${where}: the body does not match the declared answer (${errors}): ${answer.body.slice(0, 300)}`;
  }
  if (status === 429) {
    const retryAfter = Number(answer.headers['retry-after']);
    if (!Number.isInteger(retryAfter) || retryAfter <= 0) return `${where}: no Retry-After in seconds`;
  }
  return null;
}
