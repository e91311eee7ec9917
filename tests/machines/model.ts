import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  type Actor,
  fromPromise,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type StatePath } from 'xstate/graph';
import { isUncertain } from '../../machines/shared';

/**
 * Model-based testing helpers (DESIGN §6) for machines with `invoke` / `always`:
 * plan paths with `getShortestPaths` (plus one extra edge per not-yet-taken transition, found in
 * `getAdjacencyMap`), drive each path on a real actor whose invoked actors are controllable stubs,
 * and record — through the inspection API — every state node entered and every transition taken
 * (eventless and done-event transitions included).
 */

export type ModelEvent = AnyEventObject;
export type Path = StatePath<AnyMachineSnapshot, ModelEvent>;

export interface ModelOptions<TInput> {
  events: ModelEvent[];
  input?: TInput;
  /** Identity of a vertex; by default state value + context. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

function keyOf(source: AnyStateNode, kind: string, index: number) {
  return `${source.id} --${kind}[${index}]`;
}

/** The key of a taken transition definition: source node, event type (or `always`), position. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source;
  if (t.eventType === '') return keyOf(source, 'always', source.always?.indexOf(t) ?? -1);
  const list = source.transitions.get(t.eventType) ?? [];
  const i = list.indexOf(t);
  if (i >= 0) return keyOf(source, t.eventType, i);
  const always = source.always?.indexOf(t) ?? -1;
  return always >= 0 ? keyOf(source, 'always', always) : keyOf(source, t.eventType, -1);
}

export function allTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const [eventType, list] of node.transitions) list.forEach((_, i) => keys.add(keyOf(node, eventType, i)));
    node.always?.forEach((_, i) => keys.add(keyOf(node, 'always', i)));
  }
  return keys;
}

export function allStateNodeIds(machine: AnyStateMachine): Set<string> {
  return new Set([machine.root, ...getStateNodes(machine.root)].map((n) => n.id));
}

const describeEvent = (e: ModelEvent) => {
  const { type, ...rest } = e;
  const short = type.replace(/^xstate\.done\.actor\./, 'done:').replace(/^xstate\.error\.actor\./, 'error:');
  const args = Object.entries(rest)
    .filter(([k]) => k !== 'output' && k !== 'error' && k !== 'login' && k !== 'tokens' && k !== 'result')
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(',');
  return args ? `${short}(${args})` : short;
};

const isInit = (e: ModelEvent) => e.type === 'xstate.init';

/**
 * The events an invoked actor's answers make: `xstate.done.actor.<id>` for each of `outputs`,
 * then `xstate.error.actor.<id>` for each of `errors`.
 */
export function answers(id: string, outputs: readonly unknown[], errors: readonly unknown[] = []): ModelEvent[] {
  return [
    ...outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output })),
    ...errors.map((error) => ({ type: `xstate.error.actor.${id}`, error })),
  ];
}

/**
 * What a `submitOnce` child (machines/submitOnce.ts) tells its parent for each answer of the call
 * it sends: `submit.done` for each of `outputs`, then `submit.uncertain` or `submit.refused` for each
 * of `errors` (as `isUncertain` decides). Driven by settling the call's stub (`submitOnce` option).
 */
export function submitAnswers(outputs: readonly unknown[], errors: readonly unknown[] = []): ModelEvent[] {
  return [
    ...outputs.map((output) => ({ type: 'submit.done', output })),
    ...errors.map((error) => ({ type: isUncertain(error) ? 'submit.uncertain' : 'submit.refused', error })),
  ];
}

const SUBMIT_REPORT = /^submit\.(done|refused|uncertain)$/;

export const describePath = (p: Path) => {
  const steps = p.steps.filter((s) => !isInit(s.event));
  return steps.length === 0 ? 'initial' : steps.map((s) => describeEvent(s.event)).join(' → ');
};

/**
 * Shortest paths to every vertex, plus, for every transition definition the plan does not take
 * yet, one adjacency edge that takes it appended to the shortest path to the edge's source.
 */
export function planPaths<TInput>(machine: AnyStateMachine, options: ModelOptions<TInput>): Path[] {
  const traversal = {
    events: options.events,
    ...(options.input !== undefined ? { input: options.input } : {}),
    ...(options.serializeState ? { serializeState: options.serializeState } : {}),
  };
  const serialize =
    options.serializeState ??
    ((s: AnyMachineSnapshot) =>
      JSON.stringify({ value: s.value, context: Object.keys(s.context ?? {}).length ? s.context : undefined }));
  // xstate/graph's generics are per machine; the helpers work on any machine.
  const shortest = getShortestPaths(machine as never, traversal as never) as unknown as Path[];
  const adjacency = getAdjacencyMap(machine as never, traversal as never) as unknown as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: ModelEvent; state: AnyMachineSnapshot }> }
  >;
  const byState = new Map(shortest.map((p) => [serialize(p.state), p]));
  const taken = new Set<string>();
  const directKeys = (state: AnyMachineSnapshot, event: ModelEvent) =>
    machine.getTransitionData(state as never, event as never).map(transitionKey);
  // Every path starts with the init step; each later step's source is the step before it.
  for (const p of shortest)
    p.steps.forEach((step, i) => {
      if (i > 0) directKeys(p.steps[i - 1]!.state, step.event).forEach((k) => taken.add(k));
    });

  const extra: Path[] = [];
  const vertices = [...Object.values(adjacency)].sort(
    (a, b) => (byState.get(serialize(a.state))?.weight ?? 0) - (byState.get(serialize(b.state))?.weight ?? 0),
  );
  for (const vertex of vertices) {
    const head = byState.get(serialize(vertex.state));
    if (!head) throw new Error(`no shortest path to ${serialize(vertex.state)}`);
    for (const { event, state } of Object.values(vertex.transitions)) {
      const keys = directKeys(vertex.state, event);
      if (keys.length === 0 || keys.every((k) => taken.has(k))) continue;
      keys.forEach((k) => taken.add(k));
      extra.push({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 });
    }
  }
  return [...shortest, ...extra];
}

/** Coverage over many driven actors. */
export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  inspect = (event: InspectionEvent) => {
    // Only the driven machine's own steps: invoked child machines have their own tests.
    if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return;
    for (const t of event._transitions) {
      this.transitions.add(transitionKey(t));
      this.states.add(t.source.id);
    }
    const snapshot = event.snapshot as AnyMachineSnapshot;
    for (const node of snapshot._nodes ?? []) this.states.add(node.id);
  };

  record(snapshot: AnyMachineSnapshot) {
    for (const node of snapshot._nodes) this.states.add(node.id);
  }
}

interface Deferred {
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Stub actors: promise actors wait until the test settles them (`done` / `error` steps);
 * callback actors hand their `sendBack` to the test and count their cleanups.
 */
export class Stubs {
  private readonly live = new Map<string, Deferred[]>();
  private readonly callbacks = new Map<string, { sendBack: (e: AnyEventObject) => void; input: unknown }>();
  readonly started: Record<string, number> = {};
  readonly cleanedUp: Record<string, number> = {};
  readonly inputs: Record<string, unknown[]> = {};

  promise(name: string) {
    return fromPromise<unknown, unknown>(
      ({ input, signal }) =>
        new Promise((resolve, reject) => {
          const d: Deferred = { input, resolve, reject };
          const list = this.live.get(name) ?? [];
          list.push(d);
          this.live.set(name, list);
          this.started[name] = (this.started[name] ?? 0) + 1;
          (this.inputs[name] ??= []).push(input);
          signal.addEventListener('abort', () => {
            const now = this.live.get(name) ?? [];
            this.live.set(
              name,
              now.filter((x) => x !== d),
            );
          });
        }),
    );
  }

  callback(name: string) {
    return fromCallback<AnyEventObject, unknown>(({ sendBack, input }) => {
      this.callbacks.set(name, { sendBack, input });
      this.started[name] = (this.started[name] ?? 0) + 1;
      return () => {
        this.callbacks.delete(name);
        this.cleanedUp[name] = (this.cleanedUp[name] ?? 0) + 1;
      };
    });
  }

  /**
   * The `actors` of `machine.provide(…)`: a promise stub for each of `promises`, a callback stub
   * for each of `callbacks`, each under its own name.
   */
  actors(promises: readonly string[], callbacks: readonly string[] = []): Record<string, never> {
    return Object.fromEntries([
      ...promises.map((name) => [name, this.promise(name)]),
      ...callbacks.map((name) => [name, this.callback(name)]),
    ]) as Record<string, never>;
  }

  pending(name: string): Deferred | undefined {
    const list = this.live.get(name) ?? [];
    return list[list.length - 1];
  }

  isRunning(name: string) {
    return this.callbacks.has(name);
  }

  settle(name: string, outcome: { output: unknown } | { error: unknown }) {
    const d = this.pending(name);
    if (!d) throw new Error(`stub ${name}: nothing pending`);
    this.live.set(
      name,
      (this.live.get(name) ?? []).filter((x) => x !== d),
    );
    if ('output' in outcome) d.resolve(outcome.output);
    else d.reject(outcome.error);
  }

  sendFrom(name: string, event: AnyEventObject) {
    const cb = this.callbacks.get(name);
    if (!cb) throw new Error(`stub ${name}: not running`);
    cb.sendBack(event);
  }
}

export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Drive one path on a real actor: done / error events settle the stub of that actor id, events
 * named in `fromCallback` are sent by the running callback stub, everything else is `send`.
 * Checks the actor's state value against the planned one after every step.
 */
export async function drivePath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: Path,
  options: {
    input?: unknown;
    stubs: Stubs;
    coverage: Coverage;
    /** Event type → callback actor that sends it. */
    fromCallback?: Record<string, string>;
    /** Actor id → stub name (default: the same). */
    srcOf?: Record<string, string>;
    /** The stub of the call a `submitOnce` child sends: its reports are driven by settling it. */
    submitOnce?: string;
  },
) {
  const actor = createActor(machine, {
    ...(options.input !== undefined ? { input: options.input as never } : {}),
    inspect: options.coverage.inspect,
  } as never);
  actor.start();
  options.coverage.record(actor.getSnapshot() as AnyMachineSnapshot);
  const values: unknown[] = [];
  for (const step of path.steps) {
    const event = step.event;
    if (isInit(event)) continue; // getShortestPaths starts every path with the init step
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
    const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
    if (done) {
      options.stubs.settle(options.srcOf?.[done[1]!] ?? done[1]!, { output: (event as { output?: unknown }).output });
    } else if (failed) {
      options.stubs.settle(options.srcOf?.[failed[1]!] ?? failed[1]!, { error: (event as { error?: unknown }).error });
    } else if (options.submitOnce && SUBMIT_REPORT.test(event.type)) {
      const e = event as { output?: unknown; error?: unknown };
      options.stubs.settle(
        options.submitOnce,
        event.type === 'submit.done' ? { output: e.output } : { error: e.error },
      );
    } else if (options.fromCallback?.[event.type]) {
      options.stubs.sendFrom(options.fromCallback[event.type]!, event);
    } else {
      actor.send(event as never);
    }
    await flush();
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    options.coverage.record(snapshot);
    values.push(snapshot.value);
    if (JSON.stringify(snapshot.value) !== JSON.stringify(step.state.value)) {
      throw new Error(
        `after ${describeEvent(event)}: expected ${JSON.stringify(step.state.value)}, got ${JSON.stringify(snapshot.value)}`,
      );
    }
  }
  return actor;
}

/** The two checks of DESIGN §6 for one machine: every state node entered, every transition taken. */
export function describeCoverage(
  name: string,
  machine: AnyStateMachine,
  coverage: Coverage,
  paths: Path[] = [],
  endStates: string[] = [],
) {
  describe(`${name} coverage`, () => {
    if (endStates.length > 0)
      it('plans paths to every view state', () => {
        const ends = new Set(paths.map((p) => JSON.stringify(p.state.value)));
        for (const s of endStates) expect(ends).toContain(JSON.stringify(s));
      });
    it('reaches every state node', () => {
      expect([...coverage.states].sort()).toEqual([...allStateNodeIds(machine)].sort());
    });
    it('takes every transition', () => {
      expect([...coverage.transitions].sort()).toEqual([...allTransitions(machine)].sort());
    });
  });
}

/**
 * A path's test name: each event as `describePath` writes it, with a label in brackets where
 * `label` gives one (by default the code of an error answer), then the state it ends in.
 */
export function pathName(path: Path, label: (event: ModelEvent) => string | undefined = () => undefined): string {
  const words = path.steps
    .filter((s) => !isInit(s.event))
    .map(({ event }) => {
      const extra = label(event) ?? errorCodeOf(event);
      return extra === undefined ? describeEvent(event) : `${describeEvent(event)}[${extra}]`;
    });
  return `${words.length ? words.join(' → ') : 'initial'} ⇒ ${JSON.stringify(path.state.value)}`;
}

function errorCodeOf(event: ModelEvent): string | undefined {
  const code = (event as { error?: { code?: unknown } }).error?.code;
  return code === undefined ? undefined : String(code);
}

/** One set of planned paths: the machine's input and the events the planner may send. */
export interface PathPlan<TInput> {
  /** Names the group of tests when a machine is planned from several inputs. */
  name?: string;
  input?: TInput;
  events: ModelEvent[];
}

/** What one path test is given: the path, its input, fresh stubs and `drive` to run the path. */
export interface PathTestContext<TInput> {
  path: Path;
  input: TInput;
  stubs: Stubs;
  /** Runs the path on `machine` (the tested machine with its actors stubbed); stopped after the test. */
  drive: <TMachine extends AnyStateMachine>(machine: TMachine) => Promise<Actor<TMachine>>;
}

export interface PathTests<TInput> {
  /** Names the describe blocks: `<name>, path by path` and `<name> coverage`. */
  name: string;
  machine: AnyStateMachine;
  plans: PathPlan<TInput>[];
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** A label for an event in the test name (e.g. what a done event answered). */
  label?: (event: ModelEvent) => string | undefined;
  /** State values some planned path must end in. */
  endStates?: string[];
  /** Event type → callback actor that sends it (see `drivePath`). */
  fromCallback?: Record<string, string>;
  /** The stub of the call the machine's `submitOnce` child sends (see `drivePath`). */
  submitOnce?: string;
  test: (context: PathTestContext<TInput>) => void | Promise<void>;
}

/**
 * The model-based test of one machine: plans the paths of every plan, drives each one in its own
 * test (checked by `test`), then checks that every state node and transition was covered.
 */
export function describePathTests<TInput = undefined>(options: PathTests<TInput>) {
  const coverage = new Coverage();
  const all: Path[] = [];
  const describePlan = (plan: PathPlan<TInput>) => {
    const paths = planPaths(options.machine, {
      events: plan.events,
      input: plan.input,
      serializeState: options.serializeState,
    });
    all.push(...paths);
    for (const path of paths) {
      it(pathName(path, options.label), async () => {
        const stubs = new Stubs();
        const actors: Array<{ stop: () => void }> = [];
        const drive = async <TMachine extends AnyStateMachine>(machine: TMachine) => {
          const actor = await drivePath(machine, path, {
            input: plan.input,
            stubs,
            coverage,
            fromCallback: options.fromCallback,
            submitOnce: options.submitOnce,
          });
          actors.push(actor);
          return actor;
        };
        try {
          await options.test({ path, input: plan.input as TInput, stubs, drive });
        } finally {
          for (const actor of actors) actor.stop();
        }
      });
    }
  };
  describe(`${options.name}, path by path`, () => {
    for (const plan of options.plans) {
      if (plan.name === undefined) describePlan(plan);
      else describe(plan.name, () => describePlan(plan));
    }
  });
  describeCoverage(options.name, options.machine, coverage, all, options.endStates);
}
