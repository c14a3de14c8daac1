/**
 * CPU time per request of the processes under test (the metered relay, the unmetered relay, the
 * bare proxy) as two trees of the repository build them: this one and another checkout, e.g. an
 * earlier commit (`git worktree add ../meridian-before <commit>`, then link this tree's node_modules in:
 * `cp -al node_modules ../meridian-before/`). Each process runs its own tree's `bench/relay/subject.ts`;
 * the rig, the requests and the rounds are this tree's, so both trees are measured by one run.
 *
 *   BENCH_BEFORE=../meridian-before npm run bench -- relay billing
 *
 * Fresh sets of the six processes, one after another (a process's speed holds for its whole life,
 * so the set is the unit of the intervals); within a set, short rounds at a fixed concurrency, the
 * six taking turns in a different order each round.
 */
import { resolve } from 'node:path';
import type { BenchChild } from '../lib/child.js';
import type { ClosedLoopResult } from '../lib/load.js';
import { median, medianInterval } from '../lib/stats.js';
import { cpuPerRequest, startSubject, withCpu, type Subject, type SubjectKind } from './processes.js';
import { label, requestFor, type Scenario } from './setup.js';

/** The other tree, when one is given (a relative path is taken from where npm runs: this tree's root). */
export const OTHER_TREE = process.env.BENCH_BEFORE ? resolve(process.env.BENCH_BEFORE) : undefined;

const SETS = 3;
const WARM_ROUNDS = 2;
const MEASURED_ROUNDS = 3;
const ROUND_MS = 1500;
const CONCURRENCY = 32;
const KINDS: SubjectKind[] = ['relay', 'relay-off', 'bare'];
const TREES = ['before', 'after'] as const;
type Tree = (typeof TREES)[number];

/** µs per request of every measured round, by tree and kind, grouped by set. */
type Readings = Record<Tree, Record<SubjectKind, number[][]>>;

const newReadings = (): Readings => ({ before: { relay: [], 'relay-off': [], bare: [] }, after: { relay: [], 'relay-off': [], bare: [] } });

/** `values`' median and its 90 % interval over the sets, as text. */
function withInterval(groups: number[][], digits = 0): string {
  const [low, high] = medianInterval(groups);
  return `${median(groups.flat()).toFixed(digits)} [${low.toFixed(digits)}, ${high.toFixed(digits)}]`;
}

/** Round by round ratios `a / b` (rounds of one set pair up: they ran side by side). */
function ratios(a: number[][], b: number[][]): number[][] {
  return a.map((set, s) => set.map((value, r) => value / b[s][r]));
}

/** Runs the rounds of `scenarios` on fresh sets of processes from both trees and prints the table. */
export async function compareTrees(rig: BenchChild, upstreamUrl: string, scenarios: readonly Scenario[], otherTree: string): Promise<void> {
  const readings = scenarios.map(newReadings);
  for (let set = 0; set < SETS; set++) {
    const subjects: { tree: Tree; kind: SubjectKind; subject: Subject }[] = [];
    try {
      for (const tree of TREES) for (const kind of KINDS) subjects.push({ tree, kind, subject: await startSubject(kind, upstreamUrl, tree === 'before' ? otherTree : undefined) });
      for (const [i, scenario] of scenarios.entries()) {
        for (const { tree, kind } of subjects) readings[i][tree][kind].push([]);
        for (let round = 0; round < WARM_ROUNDS + MEASURED_ROUNDS; round++) {
          const k = (round + set) % subjects.length;
          for (const { tree, kind, subject } of [...subjects.slice(k), ...subjects.slice(0, k)]) {
            const request = kind === 'bare' ? requestFor(scenario, 'upstream') : requestFor(scenario, 'client', { key: subject.key });
            const [result, [cpu]] = await withCpu([subject.child], () => rig.call<ClosedLoopResult>('saturate', { url: subject.url, request, concurrency: CONCURRENCY, ms: ROUND_MS }));
            if (round >= WARM_ROUNDS) readings[i][tree][kind].at(-1)!.push(cpuPerRequest(cpu, result));
          }
        }
      }
    } finally {
      await Promise.all(subjects.map(({ subject }) => subject.child.stop()));
    }
  }
  console.log(`\nCPU time per request, µs, before (${otherTree}) and after (this tree): ${SETS} fresh sets of processes x ${MEASURED_ROUNDS} rounds of ${ROUND_MS / 1000} s at ${CONCURRENCY} concurrent; median [90 % interval over the sets]`);
  const table: Record<string, Record<string, string>> = {};
  for (const [i, scenario] of scenarios.entries()) {
    const r = readings[i];
    for (const tree of TREES) {
      table[`${label(scenario)}, ${tree}`] = {
        relay: withInterval(r[tree].relay),
        'relay-off': withInterval(r[tree]['relay-off']),
        bare: withInterval(r[tree].bare),
        'relay / relay-off': withInterval(ratios(r[tree].relay, r[tree]['relay-off']), 2),
      };
    }
    table[`${label(scenario)}, after / before`] = {
      relay: withInterval(ratios(r.after.relay, r.before.relay), 2),
      'relay-off': withInterval(ratios(r.after['relay-off'], r.before['relay-off']), 2),
      bare: withInterval(ratios(r.after.bare, r.before.bare), 2),
      'relay / relay-off': '',
    };
  }
  console.table(table);
  console.log('Goals: relay / relay-off <= 1.25 (after); relay after / before <= 1.10.');
}
