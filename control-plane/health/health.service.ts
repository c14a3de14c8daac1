import type { MikroORM } from '@mikro-orm/postgresql';
import type { PubSub } from 'type-graphql';
import { BUCKET_MS, minuteOf, totalsByKey } from '../../shared/health/outcome.js';
import { createLogger } from '../../shared/log.js';
import type { GroupRouting, GroupState } from '../../shared/ports/group-states.js';
import type { Ports } from '../../shared/ports/ports.js';
import { Group, GroupStatus } from '../catalog/group.entity.js';
import { everyWhileHeld, type JobLease, type Schedule } from '../jobs/job-lease.js';
import type { HealthSettings } from './health.settings.js';
import { badInput, notFound } from '../graphql/errors.js';
import { HealthStore, hourStart, tallyOf, type HistoryPoint, type HourRow } from './health.store.js';
import { emptyWindows, GROUP_HEALTH_CHANGED, type CacheReads, type GroupAvailability, type GroupHealthChange, type WindowTallies } from './health.model.js';
import { MinuteReader, minuteRange } from './minute-reader.js';
import { decideState, type Tally } from './state.js';

const log = createLogger('health');
const HOUR_MS = 3600_000;
/** Whole hours before the current one in the day, week and month windows. */
const SPAN_HOURS = { day: 23, week: 167, month: 719 } as const;

function add(into: Tally, t: Tally): void {
  into.ok += t.ok;
  into.attempts += t.attempts;
}

/**
 * Group health (docs/architecture.md, "Health and the status page"): folds the minute buckets into hourly history, decides each
 * group's state from the recent window, and on a change publishes it at once to data planes
 * (GroupStateBus) and GraphQL subscribers. Time comes from the injected clock only; the timers
 * merely say when to look. With several control planes, one folds and decides at a time (the
 * holder of the `health` job lease, which also probes); the others read the states it publishes,
 * so every control plane answers with the same states and each change is announced once.
 */
export class HealthService {
  readonly store: HealthStore;
  private readonly minutes: MinuteReader;
  private states = new Map<string, GroupState>();
  /** The state of each model in each group (`group\nmodel`), decided like a group's on that model's attempts alone. */
  private modelStates = new Map<string, GroupState>();
  /** The routing part last published (JSON), to publish again only on a change. */
  private routingJson = '';
  /** Whether `states` continues the published record (false until this control plane decides: it reads the record first). */
  private loaded = false;
  /** Hours the next fold covers: a day when this control plane has just taken the job over, to catch up. */
  private foldHours = 24;
  private lease: JobLease | undefined;
  private schedules: Schedule[] = [];
  private evaluating: Promise<unknown> = Promise.resolve();
  private folding: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly orm: MikroORM,
    private readonly ports: Ports,
    private readonly pubSub: PubSub,
    readonly settings: HealthSettings,
    readonly now: () => number = Date.now,
  ) {
    this.store = new HealthStore(orm);
    this.minutes = new MinuteReader(ports.outcomes);
  }

  /**
   * While this control plane holds `lease`: catches up on the last day's buckets, then folds and
   * evaluates periodically. Elsewhere: follows the states the holder publishes.
   */
  async start(lease: JobLease): Promise<void> {
    this.lease = lease;
    if (lease.held) {
      await this.foldJob();
      await this.evaluate();
    } else {
      await this.follow();
    }
    // A slow round is not queued behind: the next tick is skipped instead.
    this.schedules.push(
      everyWhileHeld(lease, this.settings.evaluateMs, () => this.evaluate(), () => this.follow()),
      everyWhileHeld(lease, this.settings.foldMs, () => this.foldJob(), async () => {
        this.foldHours = 24;
      }),
    );
  }

  /** Stops the periodic jobs (after the ones in progress). */
  async stop(): Promise<void> {
    await Promise.all(this.schedules.map((schedule) => schedule.stop()));
    this.schedules = [];
    await Promise.allSettled([this.evaluating, this.folding]);
  }

  /** The periodic fold: the last hour, or the last day just after taking the job over. */
  private async foldJob(): Promise<void> {
    const hours = this.foldHours;
    await this.fold(hours);
    this.foldHours = 1;
  }

  /** Not the holder: takes the states the holder published, and reads them again before deciding itself. */
  private async follow(): Promise<void> {
    this.loaded = false;
    await this.loadStates();
  }

  /** Continues from the published record; false when there is none (before the first publish, or Redis lost it). */
  private async loadStates(): Promise<boolean> {
    const record = await this.ports.groupStates.read();
    if (record) {
      this.states = new Map(Object.entries(record.states));
      const unavailable = Object.entries(record.routing?.unavailableModels ?? {}).flatMap(([g, models]) => models.map((m) => `${g}\n${m}`));
      this.modelStates = new Map(unavailable.map((id) => [id, 'unavailable']));
      this.routingJson = record.routing ? JSON.stringify(record.routing) : '';
    }
    return record !== null;
  }

  /**
   * Folds the minute buckets of the current hour and the `hoursBack` before it into hourly rows,
   * each written with the hour's totals (idempotent), then prunes history past retention.
   */
  fold(hoursBack = 1): Promise<void> {
    const run = this.folding.then(async () => {
      const now = this.now();
      const current = minuteOf(now);
      const rows: HourRow[] = [];
      for (let h = hourStart(now) - hoursBack * HOUR_MS; h <= hourStart(now); h += HOUR_MS) {
        const first = h / BUCKET_MS;
        // Uncached: a batch a data plane could only flush late must still land in the history.
        const buckets = await this.ports.outcomes.read(minuteRange(first, Math.min(first + 59, current)));
        for (const { key, totals } of totalsByKey(buckets).values()) rows.push({ hour: new Date(h), key, totals });
      }
      await this.store.upsertHours(rows);
      await this.store.prune(new Date(hourStart(now) - this.settings.retentionDays * 24 * HOUR_MS));
    });
    this.folding = run.catch(() => undefined);
    return run;
  }

  /** Publishes the states as last decided again (Redis lost the record): a newer time wins over the data planes' version. */
  async republish(): Promise<void> {
    // Only the deciding control plane: a follower's copy may be a round behind, and the newer time would win.
    if (this.loaded && this.lease?.held !== false) await this.ports.groupStates.publish(Object.fromEntries(this.states), new Date(this.now()), this.routingJson ? (JSON.parse(this.routingJson) as GroupRouting) : undefined);
  }

  /** The current state of `group` (as last decided). */
  stateOf(group: string): GroupState {
    return this.states.get(group) ?? 'no_data';
  }

  /**
   * Re-decides every active group's state; on any change, publishes the whole state record to
   * the data planes and one event per changed group to subscribers. Returns the changes.
   */
  evaluate(): Promise<GroupHealthChange[]> {
    const run = this.evaluating.then(() => this.evaluateNow());
    this.evaluating = run.catch(() => undefined);
    return run;
  }

  private async evaluateNow(): Promise<GroupHealthChange[]> {
    // Continue from what was published before (a restart, another control plane's turn), so
    // unchanged groups are not re-announced; the states followed so far are published when the record is gone.
    const unpublished = !this.loaded && !(await this.loadStates()) && this.states.size > 0;
    this.loaded = true;
    const now = this.now();
    const current = minuteOf(now);
    const groups = await this.groupNames(true);
    const buckets = await this.minutes.read(minuteRange(current - 59, current), current);
    const recentFrom = current - Math.ceil(this.settings.recentWindowMs / BUCKET_MS) + 1;
    // Tallies per group, and per group and model (`group\nmodel`).
    const recent = new Map<string, Tally>();
    const hour = new Map<string, Tally>();
    const tally = (into: Map<string, Tally>, id: string, t: Tally) => add(into.get(id) ?? into.set(id, { ok: 0, attempts: 0 }).get(id)!, t);
    buckets.forEach((bucket, i) => {
      for (const { key, totals } of totalsByKey([bucket]).values()) {
        const t = tallyOf(totals);
        for (const id of [key.group, `${key.group}\n${key.model}`]) {
          tally(hour, id, t);
          if (current - 59 + i >= recentFrom) tally(recent, id, t);
        }
      }
    });
    const changed: { group: string; state: GroupState; previousState: GroupState }[] = [];
    const next = new Map<string, GroupState>();
    for (const group of groups) {
      const previousState = this.states.get(group) ?? 'no_data';
      const state = decideState(recent.get(group) ?? { ok: 0, attempts: 0 }, hour.get(group) ?? { ok: 0, attempts: 0 }, previousState, this.settings);
      next.set(group, state);
      if (state !== previousState) changed.push({ group, state, previousState });
    }
    const removed = [...this.states.keys()].some((g) => !next.has(g));
    this.states = next;
    const routing = this.decideRouting(new Set(groups), recent, hour);
    const routingJson = JSON.stringify(routing);
    const routingChanged = routingJson !== this.routingJson;
    this.routingJson = routingJson;
    if (changed.length === 0 && !removed && !unpublished && !routingChanged) return [];
    await this.ports.groupStates.publish(Object.fromEntries(next), new Date(now), routing);
    const at = new Date(now).toISOString();
    const availability = changed.length ? new Map((await this.availability({ only: changed.map((c) => c.group) })).map((a) => [a.group, a])) : new Map();
    const visible = new Set(changed.length ? await this.groupNames(false) : []);
    const events: GroupHealthChange[] = changed.map((c) => ({ ...c, at, public: visible.has(c.group), windows: availability.get(c.group)?.windows ?? emptyWindows() }));
    for (const e of events) {
      const fields = { group: e.group, from: e.previousState, to: e.state };
      if (e.state === 'normal') log.info('group health changed', fields);
      else log.warn('group health changed', fields);
      this.pubSub.publish(GROUP_HEALTH_CHANGED, e);
    }
    return events;
  }

  /**
   * What the data planes skip, per model: each model's state in each group is decided on its own
   * attempts (as a group's is on all of them); a model whose state is unavailable is listed for
   * its group. A group is down when at least two models had recent attempts there and every one
   * of them is unavailable: its channels fail whatever is asked, so models without traffic are
   * skipped too. One failing model never makes a group refuse its other models.
   */
  private decideRouting(groups: Set<string>, recent: Map<string, Tally>, hour: Map<string, Tally>): GroupRouting {
    const ids = new Set([...hour.keys(), ...this.modelStates.keys()].filter((id) => id.includes('\n') && groups.has(id.split('\n')[0])));
    const next = new Map<string, GroupState>();
    const unavailableModels: Record<string, string[]> = {};
    const tried = new Map<string, { models: number; unavailable: number }>();
    for (const id of [...ids].sort()) {
      const [group, model] = id.split('\n');
      const state = decideState(recent.get(id) ?? { ok: 0, attempts: 0 }, hour.get(id) ?? { ok: 0, attempts: 0 }, this.modelStates.get(id) ?? 'no_data', this.settings);
      next.set(id, state);
      if (state === 'unavailable') (unavailableModels[group] ??= []).push(model);
      if ((recent.get(id)?.attempts ?? 0) > 0) {
        const t = tried.get(group) ?? tried.set(group, { models: 0, unavailable: 0 }).get(group)!;
        t.models += 1;
        if (state === 'unavailable') t.unavailable += 1;
      }
    }
    this.modelStates = next;
    const down = [...tried].filter(([, t]) => t.models >= 2 && t.unavailable === t.models).map(([g]) => g);
    return { unavailableModels, down };
  }

  /** The models of `group` whose own state is unavailable (as last decided). */
  unavailableModelsOf(group: string): string[] {
    return [...this.modelStates].filter(([id, state]) => state === 'unavailable' && id.startsWith(`${group}\n`)).map(([id]) => id.slice(group.length + 1));
  }

  /** The state of `model` in `group` (as last decided). */
  modelStateOf(group: string, model: string): GroupState {
    return this.modelStates.get(`${group}\n${model}`) ?? 'no_data';
  }

  /**
   * Attempts of every group together over the last `hours[i]` hours each (whole hours from the
   * history plus the current hour so far): the status page's overall availability.
   */
  async overall(hours: number[]): Promise<Tally[]> {
    const now = this.now();
    const current = minuteOf(now);
    const out = hours.map(() => ({ ok: 0, attempts: 0 }));
    for (const row of await this.store.spans(hourStart(now), hours.map((h) => h - 1))) {
      row.ok.forEach((ok, i) => add(out[i], { ok, attempts: row.attempts[i] }));
    }
    const thisHour = await this.minutes.read(minuteRange(hourStart(now) / BUCKET_MS, current), current);
    for (const { totals } of totalsByKey(thisHour).values()) for (const t of out) add(t, tallyOf(totals));
    return out;
  }

  /** Active groups in name order; `includeHidden` adds the non-public ones (administrators). */
  async groupNames(includeHidden: boolean): Promise<string[]> {
    const where = includeHidden ? { status: GroupStatus.Active } : { status: GroupStatus.Active, isPublic: true };
    return (await this.orm.em.fork().find(Group, where, { fields: ['name'], orderBy: { name: 'asc' } })).map((g) => g.name);
  }

  /**
   * A chart series of `group` over [from, to): UTC hours (at most 31 days) or days (at most 400),
   * from the hourly history (the current hour as of the last fold, HEALTH_FOLD_MS).
   * Throws BAD_USER_INPUT for a bad range, NOT_FOUND for a group the viewer cannot see.
   */
  async history(group: string, from: Date, to: Date, granularity: 'hour' | 'day', includeHidden: boolean): Promise<HistoryPoint[]> {
    if (!(from.getTime() < to.getTime())) throw badInput('to', 'must be after from');
    const maxDays = granularity === 'hour' ? 31 : 400;
    if (to.getTime() - from.getTime() > maxDays * 24 * HOUR_MS) throw badInput('to', `a ${granularity} series spans at most ${maxDays} days`);
    if (!(await this.groupNames(includeHidden)).includes(group)) throw notFound('Group');
    return this.store.series({ group }, from, to, granularity);
  }

  /**
   * The availability page: each group (all active groups, or `only`) with its state and its
   * success tallies over the last hour, day, week and month, per channel and per model too.
   */
  async availability(options: { only?: string[]; includeHidden?: boolean } = {}): Promise<GroupAvailability[]> {
    const now = this.now();
    const current = minuteOf(now);
    const hourFirstMinute = hourStart(now) / BUCKET_MS;
    const names = options.only ?? (await this.groupNames(options.includeHidden ?? false));
    const wanted = new Set(names);
    const out = new Map<string, GroupAvailability>(names.map((g) => [g, { group: g, state: this.stateOf(g), windows: emptyWindows(), channels: [], models: [] }]));
    const byChannel = new Map<string, WindowTallies>();
    const byModel = new Map<string, WindowTallies>();
    const addTo = (group: string, channel: string, model: string, windows: Partial<Record<keyof WindowTallies, Tally>>) => {
      const g = out.get(group);
      if (!g) return;
      const c = byChannel.get(`${group}\n${channel}`) ?? byChannel.set(`${group}\n${channel}`, emptyWindows()).get(`${group}\n${channel}`)!;
      const m = byModel.get(`${group}\n${model}`) ?? byModel.set(`${group}\n${model}`, emptyWindows()).get(`${group}\n${model}`)!;
      for (const [w, t] of Object.entries(windows) as [keyof WindowTallies, Tally][]) {
        add(g.windows[w], t);
        add(c[w], t);
        add(m[w], t);
      }
    };
    // Whole hours before the current one: from the hourly history.
    for (const row of await this.store.spans(hourStart(now), [SPAN_HOURS.day, SPAN_HOURS.week, SPAN_HOURS.month])) {
      if (!wanted.has(row.group)) continue;
      const [day, week, month] = [0, 1, 2].map((i) => ({ ok: row.ok[i], attempts: row.attempts[i] }));
      addTo(row.group, row.channel, row.model, { day, week, month });
    }
    // The last 60 minutes and the current hour so far: from the minute buckets.
    const buckets = await this.minutes.read(minuteRange(current - 59, current), current);
    const cacheReads = new Map<string, CacheReads>();
    buckets.forEach((bucket, i) => {
      const minute = current - 59 + i;
      for (const { key, totals } of totalsByKey([bucket]).values()) {
        if (totals.prompt_tokens > 0 && wanted.has(key.group)) {
          const id = `${key.group}\n${key.channel}`;
          const c = cacheReads.get(id) ?? cacheReads.set(id, { promptTokens: 0, cacheReadTokens: 0 }).get(id)!;
          c.promptTokens += totals.prompt_tokens;
          c.cacheReadTokens += totals.cache_read_tokens;
        }
        const t = tallyOf(totals);
        addTo(key.group, key.channel, key.model, minute >= hourFirstMinute ? { hour: t, day: t, week: t, month: t } : { hour: t });
      }
    });
    for (const [id, windows] of byChannel) {
      const [group, channel] = id.split('\n');
      out.get(group)!.channels.push({ channel, windows, cacheReads: cacheReads.get(id) ?? { promptTokens: 0, cacheReadTokens: 0 } });
    }
    for (const [id, windows] of byModel) {
      const [group, model] = id.split('\n');
      out.get(group)!.models.push({ model, windows, state: this.modelStateOf(group, model) });
    }
    for (const g of out.values()) {
      g.channels.sort((a, b) => a.channel.localeCompare(b.channel));
      g.models.sort((a, b) => a.model.localeCompare(b.model));
    }
    return [...out.values()];
  }
}
