import type { SnapshotGroup } from '../../shared/snapshot/types.js';
import type { GroupRoute, WeightedChannel } from '../config/runtime-config.js';

/** One channel to try, with the group it is tried for. */
export interface Candidate {
  group: SnapshotGroup;
  target: WeightedChannel;
}

/**
 * The order in which to try channels (DESIGN.md "Routing"): groups in the given order; within a
 * group, priority levels from the highest; within a level, a weighted random draw without
 * replacement. A channel already yielded (it may sit in several groups) is not yielded again,
 * and `allow` (the circuit breakers) can skip one. Lazy: the draw happens only as far as the
 * relay needs to go.
 */
export function* candidateChannels(routes: GroupRoute[], allow: (channelId: string) => boolean, random: () => number = Math.random): Generator<Candidate> {
  const seen = new Set<string>();
  for (const route of routes) {
    for (const level of route.levels) {
      const left = level.channels.filter((c) => !seen.has(c.channel.id));
      let total = left.reduce((sum, c) => sum + c.weight, 0);
      while (left.length > 0) {
        let r = random() * total;
        let i = 0;
        while (i < left.length - 1 && r >= left[i].weight) r -= left[i++].weight;
        const [target] = left.splice(i, 1);
        total -= target.weight;
        seen.add(target.channel.id);
        if (allow(target.channel.id)) yield { group: route.group, target };
      }
    }
  }
}
