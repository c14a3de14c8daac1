import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex, type SecretBox } from '../../shared/crypto/secrets.js';
import { createLogger } from '../../shared/log.js';
import type { ConfigBus, RefusedSnapshot } from '../../shared/ports/config-bus.js';
import type { Sections } from '../../shared/snapshot/hash.js';
import { SNAPSHOT_SCHEMA_VERSION, type RoutingSnapshot, type SnapshotAnnouncement } from '../../shared/snapshot/types.js';
import { validateSnapshot } from '../../shared/snapshot/validate.js';
import { compileSnapshot } from '../../shared/snapshot/compile.js';
import type { RuntimeConfig } from '../../shared/snapshot/runtime-config.js';
import { parseSnapshotText, type ParsedText } from './snapshot-text.js';

const log = createLogger('snapshot-loader');

/** What the loader needs. */
export interface SnapshotLoaderOptions {
  bus: ConfigBus;
  /** Opens the upstream keys sealed in the snapshot (the data plane's SECRET_KEY). */
  box: SecretBox;
  nodeName: string;
  /** Where the last good snapshot is kept (`snapshot-<node>.json`). */
  dataDir: string;
  /** Slow poll period: announcements can be lost, the poll catches up. */
  pollMs: number;
  /** Called after every apply or refusal (the heartbeat reports it at once). */
  onChange?: () => void;
}

/** What the heartbeat reports about the loader. */
export interface LoaderReport {
  revision: number | null;
  hash: string | null;
  appliedAt: Date | null;
  lastError: RefusedSnapshot | null;
}

/**
 * Keeps the data plane's compiled configuration current (docs/architecture.md, Redis contract 1):
 * fetches the snapshot at start, on every announcement and on a slow poll; skips a hash it already
 * applied or refused; validates, compiles, then swaps one reference, so a bad snapshot never
 * replaces a good one. Loads run one at a time, and a burst of triggers collapses into one more
 * load of the newest snapshot (Kong's `next_data` + semaphore). The last good snapshot is kept on
 * disk and used at start when the bus has none or cannot be reached.
 */
export class SnapshotLoader {
  private config: RuntimeConfig | null = null;
  /** The applied snapshot's big sections as they were in its text (null when it was not in the control plane's layout). */
  private sections: Sections | null = null;
  private appliedAt: Date | null = null;
  private lastError: RefusedSnapshot | null = null;
  /** Hash (or, for unparseable text, digest) of the last refused snapshot: not re-examined. */
  private refusedKey: string | null = null;
  private loading: Promise<void> | null = null;
  /** The newest applied text not yet on disk, and the disk write in progress (see keepOnDisk). */
  private unsaved: string | null = null;
  private saving: Promise<void> | null = null;
  /** Load once more after the load in progress; `againFull`: skip the head check (an announcement asked). */
  private again = false;
  private againFull = false;
  private busDown = false;
  private stopped = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(private readonly options: SnapshotLoaderOptions) {}

  /** The applied configuration, or null before the first good snapshot. */
  current(): RuntimeConfig | null {
    return this.config;
  }

  /** For the heartbeat. */
  report(): LoaderReport {
    return { revision: this.config?.revision ?? null, hash: this.config?.hash ?? null, appliedAt: this.appliedAt, lastError: this.lastError };
  }

  private get diskPath(): string {
    return join(this.options.dataDir, `snapshot-${this.options.nodeName}.json`);
  }

  /**
   * Subscribes, loads from the bus (or, failing that, from disk) and starts the poll. Resolves
   * once the first attempt is done, holding a configuration or not: the poll keeps trying.
   */
  async start(): Promise<void> {
    // Not awaited: with Redis down, SUBSCRIBE waits for the connection, and start must not.
    this.options.bus
      .onAnnouncement((a) => void this.trigger(a))
      .then(async (unsubscribe) => {
        if (this.stopped) await unsubscribe();
        else this.unsubscribe = unsubscribe;
      })
      .catch((err: Error) => {
        if (!this.stopped) log.warn('cannot subscribe to snapshot announcements; relying on the poll', { message: err.message });
      });
    await this.trigger();
    if (!this.config) await this.loadFromDisk();
    this.pollTimer = setInterval(() => void this.trigger(), this.options.pollMs);
    this.pollTimer.unref();
  }

  /** Stops the poll and the subscription and waits for a load in progress and the disk copy. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    await this.unsubscribe?.().catch(() => undefined);
    await this.loading;
    await this.saving;
  }

  /** Loads now (or once more after the load in progress); resolves when done. */
  trigger(announced?: SnapshotAnnouncement): Promise<void> {
    if (announced && this.isKnown(announced.hash, announced.revision)) return Promise.resolve();
    if (this.loading) {
      this.again = true;
      this.againFull ||= announced !== undefined;
      return this.loading;
    }
    this.loading = (async () => {
      let full = announced !== undefined;
      for (;;) {
        await this.loadFromBus(full);
        if (!this.again || this.stopped) break;
        full = this.againFull;
        this.again = this.againFull = false;
      }
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** True (after noting a new revision number of the same content) when `hash` was applied or refused already. */
  private isKnown(hash: string | null, revision: number | null): boolean {
    if (hash !== null && hash === this.config?.hash) {
      if (revision !== null && revision !== this.config.revision) {
        // Same content under another revision (e.g. a republish): nothing to compile.
        this.config = { ...this.config, revision, snapshot: { ...this.config.snapshot, revision } };
      }
      return true;
    }
    return hash !== null && hash === this.refusedKey;
  }

  /** `full`: read the snapshot even when the head says it is known (an announcement may name a snapshot written without a head). */
  private async loadFromBus(full: boolean): Promise<void> {
    try {
      if (!full) {
        const head = await this.options.bus.readHead();
        if (head && this.isKnown(head.hash, head.revision)) return this.busIsUp();
      }
      const raw = await this.options.bus.readSnapshot();
      this.busIsUp();
      if (raw !== null && (await this.consider(raw, 'bus'))) this.keepOnDisk(raw);
    } catch (err) {
      if (!this.busDown) log.warn('cannot read the snapshot from the bus; serving the last good one', { message: (err as Error).message });
      this.busDown = true;
    }
  }

  private busIsUp(): void {
    if (this.busDown) log.info('snapshot bus reachable again');
    this.busDown = false;
  }

  private async loadFromDisk(): Promise<void> {
    let raw: string;
    try {
      raw = await readFile(this.diskPath, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log.warn('cannot read the disk copy of the snapshot', { message: (err as Error).message });
      return;
    }
    if (await this.consider(raw, 'disk')) log.info('started from the disk copy of the snapshot', { revision: this.config?.revision });
  }

  /** Validates, compiles and swaps in `raw`; returns true when it was applied. */
  private async consider(raw: string, source: 'bus' | 'disk'): Promise<boolean> {
    // Sections whose text equals the applied snapshot's are not parsed: they come back as its very
    // arrays, so validation and compile skip them too (a price change does not re-read, re-check
    // and re-decrypt fifty channels).
    const applied = this.config && this.sections ? { snapshot: this.config.snapshot, sections: this.sections } : null;
    let text: ParsedText;
    try {
      text = parseSnapshotText(raw, applied);
    } catch {
      return this.refuse(null, sha256Hex(raw), 'not valid JSON', source);
    }
    const parsed = text.value as Partial<RoutingSnapshot> | null;
    const revision = Number.isSafeInteger(parsed?.revision) ? parsed!.revision! : null;
    if (source === 'disk' && parsed?.schemaVersion !== SNAPSHOT_SCHEMA_VERSION) {
      // Kept by the data plane of another release (before an upgrade): not what the control plane
      // publishes now, so not reported as a refusal; the bus has (or will have) one of this schema.
      const schemaVersion = parsed?.schemaVersion ?? null;
      log.warn('the disk copy of the snapshot is of another schema version; not used', { path: this.diskPath, revision, schemaVersion, expected: SNAPSHOT_SCHEMA_VERSION });
      return false;
    }
    const hash = typeof parsed?.hash === 'string' ? parsed.hash : sha256Hex(raw);
    if (this.isKnown(hash, revision)) return false;
    const problems = validateSnapshot(parsed, text.hashed ?? undefined, { channels: applied?.snapshot.channels, models: applied?.snapshot.models });
    if (problems.length) {
      const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
      return this.refuse(revision, hash, `invalid snapshot: ${problems.slice(0, 5).join('; ')}${more}`, source);
    }
    const started = performance.now();
    let compiled: RuntimeConfig;
    try {
      compiled = compileSnapshot(parsed as RoutingSnapshot, this.options.box, this.config);
    } catch (err) {
      return this.refuse(revision, hash, (err as Error).message, source);
    }
    if (this.config && compiled.revision < this.config.revision) {
      log.warn('snapshot revision went backwards (was the bus reset?); applying it', { from: this.config.revision, to: compiled.revision });
    }
    this.config = compiled;
    this.sections = text.sections;
    this.appliedAt = new Date();
    if (this.lastError && (this.lastError.revision === null || this.lastError.revision <= compiled.revision)) this.lastError = null;
    log.info('snapshot applied', { revision: compiled.revision, source, compileMs: Math.round(performance.now() - started) });
    this.options.onChange?.();
    return true;
  }

  private refuse(revision: number | null, key: string, message: string, source: 'bus' | 'disk'): false {
    this.refusedKey = key;
    this.lastError = { revision, message };
    log.error('snapshot refused; the previous one keeps serving', { revision, source, message, serving: this.config?.revision ?? null });
    this.options.onChange?.();
    return false;
  }

  /**
   * Writes `raw` to disk in the background: the next load does not wait for the disk, and while
   * a write is in progress, further applies only replace the text written next (a burst of
   * changes writes the newest, not each).
   */
  private keepOnDisk(raw: string): void {
    this.unsaved = raw;
    this.saving ??= this.writeUnsaved();
  }

  private async writeUnsaved(): Promise<void> {
    while (this.unsaved !== null) {
      const raw = this.unsaved;
      this.unsaved = null;
      await this.saveToDisk(raw);
    }
    this.saving = null; // in the same turn as the check above: a text kept after it starts a new writer
  }

  /** Atomic: a crash mid-write leaves the previous copy, never half a file. Never throws. */
  private async saveToDisk(raw: string): Promise<void> {
    const tmp = `${this.diskPath}.${process.pid}.tmp`;
    try {
      await mkdir(this.options.dataDir, { recursive: true });
      await writeFile(tmp, raw, 'utf8');
      await rename(tmp, this.diskPath);
    } catch (err) {
      log.warn('cannot keep the snapshot on disk', { path: this.diskPath, message: (err as Error).message });
    }
  }
}
