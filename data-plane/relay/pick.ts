import type { SnapshotGroup } from '../../shared/snapshot/types.js';
import type { GroupRoute, WeightedChannel } from '../../shared/snapshot/runtime-config.js';

/** One channel to try, with the group it is tried for. */
export interface Candidate {
  group: SnapshotGroup;
  target: WeightedChannel;
}

/** Optional steering of {@link candidateChannels}. */
export interface PickSteering {
  /** Draw weights of a level's channels (the adaptive weights); default: their static weights. */
  weigh?: (channels: readonly WeightedChannel[]) => number[];
  /** A conversation's pinned channel: tried first within its group (prompt-cache affinity). */
  pinned?: { group: string; channelId: string };
}

/**
 * The order in which to try channels (README "Routing"): groups in the given order; within a
 * group, the pinned channel first when there is one, then priority levels from the highest; within
 * a level, a weighted random draw without replacement. A channel already yielded (it may sit in
 * several groups) is not yielded again, and `allow` (breakers, parking) can skip one. Lazy: the
 * draw happens only as far as the relay needs to go.
 */
export function* candidateChannels(
  routes: GroupRoute[],
  allow: (channelId: string, group: SnapshotGroup) => boolean,
  random: () => number = Math.random,
  steering: PickSteering = {},
): Generator<Candidate> {
  const seen = new Set<string>();
  const weigh = steering.weigh ?? ((channels) => channels.map((c) => c.weight));
  for (const route of routes) {
    const pinned = steering.pinned?.group === route.group.name ? steering.pinned.channelId : undefined;
    if (pinned !== undefined) {
      const target = route.levels.flatMap((l) => l.channels).find((c) => c.channel.id === pinned);
      if (target) {
        seen.add(pinned);
        if (allow(pinned, route.group)) yield { group: route.group, target };
      }
    }
    for (const level of route.levels) {
      const left = level.channels.filter((c) => !seen.has(c.channel.id));
      const weights = weigh(left);
      let total = weights.reduce((sum, w) => sum + w, 0);
      while (left.length > 0) {
        let r = random() * total;
        let i = 0;
        while (i < left.length - 1 && r >= weights[i]) r -= weights[i++];
        const [target] = left.splice(i, 1);
        total -= weights.splice(i, 1)[0];
        seen.add(target.channel.id);
        if (allow(target.channel.id, route.group)) yield { group: route.group, target };
      }
    }
  }
}
