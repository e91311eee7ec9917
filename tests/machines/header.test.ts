import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type AdjacencyMap, type StatePath } from 'xstate/graph';
import { headerMachine, selectHeaderAppearance, type HeaderEvent, type HeaderSnapshot } from '../../machines/header';

/**
 * Model-based test of the header machine (DESIGN §6): explicit events, every path driven with
 * a real actor, view facts asserted at the end of each path, and every state node and every
 * transition of the machine reached by some path.
 */

const events: HeaderEvent[] = [
  { type: 'route.changed', path: '/' },
  { type: 'route.changed', path: '/about' },
  { type: 'page.scrolled' },
  { type: 'page.top' },
  { type: 'phoneMenu.toggle' },
  { type: 'userMenu.toggle' },
  { type: 'menus.dismiss' },
];

type Path = StatePath<HeaderSnapshot, HeaderEvent>;

const describeEvent = (e: HeaderEvent) => (e.type === 'route.changed' ? `route.changed(${e.path})` : e.type);
const describePath = (p: Path) =>
  p.steps.length === 0 ? 'initial' : p.steps.map((s) => describeEvent(s.event)).join(' → ');

/** Shortest path to every state, plus every edge of the adjacency map appended to the shortest path to its source. */
function pathsCoveringEveryEdge(): Path[] {
  const shortest = getShortestPaths(headerMachine, { events });
  const byState = new Map(shortest.map((p) => [JSON.stringify(p.state.value), p]));
  const adjacency: AdjacencyMap<HeaderSnapshot, HeaderEvent> = getAdjacencyMap(headerMachine, { events });
  const extended: Path[] = [];
  for (const vertex of Object.values(adjacency)) {
    const head = byState.get(JSON.stringify(vertex.state.value));
    if (!head) throw new Error(`no shortest path to ${JSON.stringify(vertex.state.value)}`);
    const edges = Object.values(vertex.transitions) as Array<{ event: HeaderEvent; state: HeaderSnapshot }>;
    for (const { event, state } of edges) {
      extended.push({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 });
    }
  }
  return [...shortest, ...extended];
}

/** A transition definition, identified by source node, event and position among that event's candidates. */
function transitionKey(source: AnyStateNode, eventType: string, index: number) {
  return `${source.id} --${eventType}[${index}]`;
}

function allTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const [eventType, list] of node.transitions)
      list.forEach((_, i) => keys.add(transitionKey(node, eventType, i)));
  }
  return keys;
}

function allStateNodeIds(machine: AnyStateMachine): Set<string> {
  return new Set([machine.root, ...getStateNodes(machine.root)].map((n) => n.id));
}

/** Expected view facts, computed independently of the machine from the path's events. */
function expectedFacts(steps: Path['steps']) {
  let page: 'other' | 'landingTop' | 'landingScrolled' = 'other';
  let phone = false;
  let user = false;
  for (const { event } of steps) {
    switch (event.type) {
      case 'route.changed':
        page = event.path === '/' ? 'landingTop' : 'other';
        phone = false;
        user = false;
        break;
      case 'page.scrolled':
        if (page === 'landingTop') page = 'landingScrolled';
        break;
      case 'page.top':
        if (page === 'landingScrolled') page = 'landingTop';
        break;
      case 'phoneMenu.toggle':
        phone = !phone;
        user = false;
        break;
      case 'userMenu.toggle':
        user = !user;
        phone = false;
        break;
      case 'menus.dismiss':
        phone = false;
        user = false;
        break;
    }
  }
  return { transparent: page === 'landingTop' && !phone && !user, phoneMenuOpen: phone, userMenuOpen: user };
}

const paths = pathsCoveringEveryEdge();
const coveredStates = new Set<string>();
const coveredTransitions = new Set<string>();

describe('header machine, path by path', () => {
  for (const path of paths) {
    it(describePath(path), () => {
      const actor = createActor(headerMachine).start();
      for (const step of path.steps) {
        const before = actor.getSnapshot();
        const taken = headerMachine.getTransitionData(before, step.event);
        for (const t of taken) {
          const list = t.source.transitions.get(t.eventType) ?? [];
          coveredTransitions.add(transitionKey(t.source, t.eventType, list.indexOf(t)));
        }
        actor.send(step.event);
        for (const node of actor.getSnapshot()._nodes) coveredStates.add(node.id);
      }
      for (const node of actor.getSnapshot()._nodes) coveredStates.add(node.id);

      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(path.state.value);
      const view = selectHeaderAppearance(snapshot);
      expect(view).toEqual(expectedFacts(path.steps));
      // Exactly one appearance tag; menus never both open.
      expect(snapshot.hasTag('solid') !== snapshot.hasTag('transparent')).toBe(true);
      expect(view.phoneMenuOpen && view.userMenuOpen).toBe(false);
      actor.stop();
    });
  }
});

describe('header machine coverage', () => {
  it('reaches every state node', () => {
    expect([...coveredStates].sort()).toEqual([...allStateNodeIds(headerMachine)].sort());
  });

  it('takes every transition', () => {
    expect([...coveredTransitions].sort()).toEqual([...allTransitions(headerMachine)].sort());
  });

  it('ignores scroll events off the landing page', () => {
    const actor = createActor(headerMachine).start();
    actor.send({ type: 'route.changed', path: '/about' });
    actor.send({ type: 'page.scrolled' });
    actor.send({ type: 'page.top' });
    expect(selectHeaderAppearance(actor.getSnapshot()).transparent).toBe(false);
    expect(actor.getSnapshot().value).toMatchObject({ appearance: 'solid' });
  });
});
