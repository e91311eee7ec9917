/**
 * API client. `const api = createApiClient({ fetch, session, toast })`; pages call by operation id:
 *   await api.call('getRsaKey');  await api.call('getNotice', { params: { id } });  (query, body, signal too)
 * `call` resolves `data` (typed from the operation's zod schemas, validated); failures reject with ApiError
 * after spec §8's effect (toast / logout / nothing). Where 5629/5013 may come, use `api.result(id, input)`:
 * `{ kind: 'success' | 'normal' | 'raw', code, msg, data }` (`call` rejects those silently). Raw: `api.fetch` + `unwrap`.
 *
 * The client carries only the generated request table (openapi/routes.ts: method, path, auth, group;
 * the console's client is given openapi/routes-admin.ts with `table`).
 * An operation's zod schemas — its group module of openapi/operations/, with zod — load on the group's
 * first call, at the same time as the request; the reply waits for them and is validated as always.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { z } from 'zod';
import type { paths } from '../../openapi/schema';
import type { operationGroups } from '../../openapi/index';
import { operationModules, operationRoutes, type OperationGroup } from '../../openapi/routes';
import { behaviourOf } from '../../openapi/codes';
import type { Operation } from '../../openapi/op';
import { API_BASE } from '../config';
import { toast as appToast, type ToastService } from '../services/toast';
import { getDeviceId } from '../services/storage';
import { detectDeviceType, type DeviceType } from './device';
import { ApiError, NETWORK_ERROR_MSG } from './errors';
import { envelopeMiddleware, isEnvelope } from './middleware/envelope';
import { headersMiddleware } from './middleware/headers';
import { timestampMiddleware } from './middleware/timestamp';
import { operationIndex, validateMiddleware } from './middleware/validate';
import { createDefaultSession, type ApiSession } from './session';

// ---- types derived from the operation table -------------------------------------------------

type Groups = typeof operationGroups;
type OpsOfGroup<G> = { [K in keyof G as G[K] extends Operation ? K : never]: G[K] };
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every contract operation by id (the export name in `openapi/operations/*`, which is its id). */
export type OperationMap = UnionToIntersection<{ [G in keyof Groups]: OpsOfGroup<Groups[G]> }[keyof Groups]>;
export type OperationId = keyof OperationMap & string;
type OpOf<Id extends OperationId> = OperationMap[Id] extends Operation ? OperationMap[Id] : never;

type InputOf<S> = [NonNullable<S>] extends [z.ZodType] ? z.input<NonNullable<S>> : undefined;
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type Slot<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : keyof T extends never
    ? { [K in Name]?: T }
    : [RequiredKeys<T>] extends [never]
      ? { [K in Name]?: T }
      : { [K in Name]: T };

/** What `call(id, input)` takes: path params, query and body per the operation's zod schemas. */
export type CallInput<O extends Operation> = Slot<'params', InputOf<O['params']>> &
  Slot<'query', InputOf<O['query']>> &
  Slot<'body', InputOf<O['body']> extends undefined ? undefined : InputOf<O['body']>> & {
    /** Abort the request (rejects silently). */
    signal?: AbortSignal;
  };

/** `data` of a successful reply (zod output of the operation's `response`). */
export type CallData<O extends Operation> = z.output<O['response']>;

type Args<O extends Operation> = [RequiredKeys<CallInput<O>>] extends [never]
  ? [input?: CallInput<O>]
  : [input: CallInput<O>];

/** A resolved call. `normal`: spec §8's "normal results" (5629, 5013), data as the server sent it. */
export type Outcome<T> =
  | { kind: 'success'; code: 200; msg: string; data: T }
  | { kind: 'normal'; code: number; msg: string; data: unknown }
  | { kind: 'raw'; code?: undefined; msg?: undefined; data: T };

// ---- the client ----------------------------------------------------------------------------

export interface ApiClientOptions {
  /** The transport; tests and stories inject a fake. Default: the global fetch at call time. */
  fetch?: (request: Request) => Promise<Response>;
  /** Token source and logout; the storage-backed default session when omitted. */
  session?: ApiSession;
  /** The toast service (needs `error`); the app's one service by default. */
  toast?: Pick<ToastService, 'error'>;
  /** Navigation for the default session's logout (only used when `session` is omitted). */
  navigate?: (path: string) => void;
  /** Clock for the cache-busting timestamp. */
  now?: () => number;
  /** Device type / id overrides (detected and read from storage by default). */
  device?: { type?: DeviceType | (() => DeviceType); id?: string | (() => string) };
  /** Base URL; `/api` against the current origin by default. */
  baseUrl?: string;
  /**
   * Operations used as given, ahead of the contract's (same id or method + path), their schemas at
   * hand instead of loaded; tests add their own with it.
   */
  operations?: readonly Operation[];
  /**
   * The request table the client sends by: the member site's (openapi/routes.ts) by default. The
   * console passes its own (openapi/routes-admin.ts), so neither app's bundle carries the other's table.
   */
  table?: RequestTable;
  /** Loads a group module of openapi/operations/ (its operations' schemas); the table's loader by default. */
  loadGroup?(group: OperationGroup): Promise<Record<string, unknown>>;
  /** Where contract mismatches are reported; console.error by default. */
  report?: (message: string, details: unknown) => void;
  /** The site answered 10014 (in maintenance); nothing by default (the app's clients go to /updating). */
  onMaintenance?: () => void;
}

interface LooseInit {
  params?: { path?: unknown; query?: unknown };
  body?: unknown;
  signal?: AbortSignal;
}
interface LooseClient {
  request(
    method: string,
    path: string,
    init: LooseInit,
  ): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

function defaultBaseUrl(): string {
  // openapi-fetch builds `new Request(baseUrl + path)`, which needs an absolute URL outside browsers.
  const origin =
    typeof location !== 'undefined' && location.origin && location.origin !== 'null' ? location.origin : '';
  return origin ? new URL(API_BASE, origin).href : API_BASE;
}

/** What sending an operation's request takes. */
export type OperationRequest = Pick<Operation, 'id' | 'method' | 'path' | 'auth'>;
type ContractRoute = OperationRequest & { group: string };

/** A generated request table (openapi/routes.ts, openapi/routes-admin.ts) and its group loaders. */
export interface RequestTable {
  routes: Readonly<Record<string, Omit<OperationRequest, 'id'> & { group: string }>>;
  modules: Readonly<Record<string, () => Promise<Record<string, unknown>>>>;
}

function indexTable(routes: RequestTable['routes']) {
  const byId: ReadonlyMap<string, ContractRoute> = new Map(
    Object.entries(routes).map(([id, route]): [string, ContractRoute] => [id, { id, ...route }]),
  );
  return { byId, byRoute: operationIndex([...byId.values()]) };
}

// The member table, indexed once for every member client.
const memberTable = indexTable(operationRoutes);

function isOperation(value: unknown): value is Operation {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;
}

/**
 * Turn an openapi-fetch result that went through the client's middleware into an Outcome.
 * The middleware has already rejected every failure; anything else here is a bug, reported as 网络错误.
 */
export function unwrap<T = unknown>(result: { data?: unknown; error?: unknown; response: Response }): Outcome<T> {
  const { data, response } = result;
  if (!response.ok) {
    throw new ApiError({
      code: response.status,
      msg: NETWORK_ERROR_MSG,
      httpStatus: response.status,
      behaviour: 'toast',
      silent: true,
    });
  }
  if (!isEnvelope(data)) return { kind: 'raw', data: data as T };
  const msg = data.msg ?? '';
  if (data.code === 200) return { kind: 'success', code: 200, msg, data: data.data as T };
  const behaviour = behaviourOf(data.code);
  if (behaviour === 'normal') return { kind: 'normal', code: data.code, msg, data: data.data };
  throw new ApiError({ code: data.code, msg, httpStatus: response.status, behaviour, silent: true, data: data.data });
}

export function createApiClient(options: ApiClientOptions = {}) {
  const table = options.table ? indexTable(options.table.routes) : memberTable;
  const session = options.session ?? createDefaultSession(options.navigate ? { navigate: options.navigate } : {});
  const toast = options.toast ?? appToast;
  const transport = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const deviceTypeOpt = options.device?.type;
  const deviceIdOpt = options.device?.id;
  const deviceType = typeof deviceTypeOpt === 'function' ? deviceTypeOpt : () => deviceTypeOpt ?? detectDeviceType();
  const deviceId = typeof deviceIdOpt === 'function' ? deviceIdOpt : () => deviceIdOpt ?? getDeviceId();

  // Created here, not at module level: openapi-fetch captures `fetch` at creation.
  const client: Client<paths> = createClient<paths>({ baseUrl: options.baseUrl ?? defaultBaseUrl(), fetch: transport });
  // onRequest runs in this order; onResponse in reverse (envelope first, then validation).
  client.use(
    timestampMiddleware(options.now),
    headersMiddleware({ session, deviceType, deviceId }),
    validateMiddleware({
      findOperation: (method, path) => {
        const own = ownByRoute(method, path);
        if (own) return own;
        const route = table.byRoute(method, path);
        return route && contractOperation(route);
      },
      toast,
      ...(options.report ? { report: options.report } : {}),
    }),
    envelopeMiddleware({ session, toast, onMaintenance: options.onMaintenance }),
  );
  const loose = client as unknown as LooseClient;

  const own = new Map((options.operations ?? []).map((o) => [o.id, o]));
  const ownByRoute = operationIndex(options.operations ?? []);
  const modules: RequestTable['modules'] = options.table?.modules ?? operationModules;
  const loadGroup: (group: string) => Promise<Record<string, unknown>> = options.loadGroup
    ? (group) => options.loadGroup!(group as OperationGroup)
    : (group) => {
        const load = modules[group];
        return load ? load() : Promise.reject(new Error(`没有接口分组 ${group}`));
      };
  const groups = new Map<string, { loading: Promise<Record<string, unknown>>; failed: boolean }>();

  /**
   * The group module, loaded once. A call (`again`) loads it anew after a failed load; the reply's
   * validation waits for the load its call started.
   */
  function groupModule(group: string, again = false): Promise<Record<string, unknown>> {
    const known = groups.get(group);
    if (known && !(again && known.failed)) return known.loading;
    const entry = { loading: loadGroup(group), failed: false };
    entry.loading.catch(() => (entry.failed = true));
    groups.set(group, entry);
    return entry.loading;
  }

  async function contractOperation(route: ContractRoute, again = false): Promise<Operation> {
    const found = (await groupModule(route.group, again))[route.id];
    if (!isOperation(found)) throw new Error(`接口 ${route.id} 不在 openapi/operations/${route.group} 中`);
    return found;
  }

  function operation(id: string): OperationRequest {
    const found = own.get(id) ?? table.byId.get(id);
    if (!found) throw new Error(`未知的接口：${id}`);
    return found;
  }

  async function result<Id extends OperationId>(id: Id, ...args: Args<OpOf<Id>>): Promise<Outcome<CallData<OpOf<Id>>>> {
    const op = operation(id);
    const route = own.has(id) ? undefined : table.byId.get(id);
    // Its schemas load alongside the request; the validation of the reply waits for them.
    if (route) contractOperation(route, true).catch(() => undefined);
    const input = (args[0] ?? {}) as { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal };
    const init: LooseInit = { params: { path: input.params, query: input.query } };
    if (input.body !== undefined) init.body = input.body;
    if (input.signal) init.signal = input.signal;
    try {
      return unwrap<CallData<OpOf<Id>>>(await loose.request(op.method, op.path, init));
    } catch (error) {
      // An aborted call never settles: its caller is gone (a stopped actor, an unmounted page), and a
      // late AbortError would land in whatever replaced it — React StrictMode stops and restarts
      // actors on mount, so the first fetch's error would turn the restarted list into 网络错误.
      if (input.signal?.aborted) return new Promise<never>(() => undefined);
      throw error;
    }
  }

  /** Resolve `data`. A normal result (5629/5013) rejects silently here; use `result` where one may come. */
  async function call<Id extends OperationId>(id: Id, ...args: Args<OpOf<Id>>): Promise<CallData<OpOf<Id>>> {
    const outcome = await result(id, ...args);
    if (outcome.kind === 'normal') {
      throw new ApiError({
        code: outcome.code,
        msg: outcome.msg,
        httpStatus: 200,
        behaviour: 'normal',
        silent: true,
        data: outcome.data,
      });
    }
    return outcome.data;
  }

  return {
    call,
    result,
    /** The typed openapi-fetch client with all middleware; pair with `unwrap`. */
    fetch: client,
    unwrap,
    operation,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
