import type { Operation } from './op';
import * as auth from './operations/auth';
import * as sms from './operations/sms';
import * as user from './operations/user';
import * as content from './operations/content';
import * as rewards from './operations/rewards';
import * as upload from './operations/upload';
import * as tasks from './operations/tasks';
import * as exchange from './operations/exchange';

/** The operation table: every call of the API, once. */
export const operationGroups = { auth, sms, user, content, tasks, rewards, exchange, upload } as const;

export const operations: readonly Operation[] = Object.values(operationGroups).flatMap(
  (group) => Object.values(group) as Operation[],
);

export const operationsById: ReadonlyMap<string, Operation> = new Map(operations.map((o) => [o.id, o]));

export * from './op';
export * from './codes';
export * from './enums';
