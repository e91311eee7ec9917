/**
 * Result codes on the server side. Two ways for a handler to answer with a code other than 200:
 *
 * - `throw new AppError('INSUFFICIENT_POINTS')` — a refusal. Services throw it from anywhere;
 *   the error handler turns it into `{ code, msg, data? }` with the catalogue's HTTP status.
 * - `return result(Code.ALREADY_CHECKED_IN, data)` — a normal, non-200 outcome (spec §8 5629/5013)
 *   that the page renders; returned like data, not thrown.
 */
import { describeCode, type CodeName, type ResultCode, resultCodes } from '../../openapi/codes';

const byName = new Map<string, ResultCode>(resultCodes.map((c) => [c.name, c]));

export function codeByName(name: CodeName): ResultCode {
  const entry = byName.get(name);
  if (!entry) throw new Error(`unknown result code name ${name}`);
  return entry;
}

/** A refusal with a catalogue code. `msg` defaults to the catalogue message. */
export class AppError extends Error {
  readonly code: number;
  readonly codeName: CodeName;
  /** HTTP status from the catalogue (`http` field). */
  readonly status: number;
  readonly data: unknown;

  constructor(codeName: CodeName, msg?: string, data?: unknown) {
    const entry = codeByName(codeName);
    super(msg ?? entry.msg);
    this.name = 'AppError';
    this.code = entry.code;
    this.codeName = codeName;
    this.status = entry.http;
    this.data = data;
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

const RESULT = Symbol('result');

/** A reply with an explicit code, returned by a handler instead of plain data. */
export interface Result<T = unknown> {
  readonly [RESULT]: true;
  readonly code: number;
  readonly msg: string;
  readonly data: T | undefined;
  readonly status: number;
}

/**
 * Answer with `code` (a `Code.X` number or its name), optional `data` and optional message
 * (default: the catalogue message). The HTTP status comes from the catalogue.
 */
export function result<T = undefined>(code: number | CodeName, data?: T, msg?: string): Result<T> {
  const entry = typeof code === 'number' ? describeCode(code) : byName.get(code);
  if (!entry) throw new Error(`unknown result code ${String(code)}`);
  return { [RESULT]: true, code: entry.code, msg: msg ?? entry.msg, data, status: entry.http };
}

export function isResult(value: unknown): value is Result {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[RESULT] === true;
}
