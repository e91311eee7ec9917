import type { Operation } from './op';
import * as auth from './operations/auth';

/** The operation table: every call of the API, once. */
export const operationGroups = { auth } as const;

export const operations: readonly Operation[] = Object.values(operationGroups).flatMap(
  (group) => Object.values(group) as Operation[],
);

export const operationsById: ReadonlyMap<string, Operation> = new Map(operations.map((o) => [o.id, o]));

export * from './op';
export * from './codes';
export * from './enums';
