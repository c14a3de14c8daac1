import type { AppDeps } from './app-deps.js';
import { AccountService } from './accounts/account.service.js';
import { AccountAdministration } from './accounts/account-admin.service.js';
import { AuthService } from './auth/auth.service.js';
import { Billing } from './billing/billing.js';
import { SessionService } from './auth/session.service.js';
import { ChannelService } from './catalog/channel.service.js';
import { ChannelTestService } from './catalog/channel-test.service.js';
import { ExchangeRateService } from './catalog/exchange-rate.service.js';
import { FeeListService } from './catalog/fee-list.service.js';
import { GroupService } from './catalog/group.service.js';
import { KeyInvalidationJob } from './catalog/key-invalidation.job.js';
import { ModelService } from './catalog/model.service.js';
import { seedCatalog } from './catalog/seed.js';
import { DataPlaneService } from './dataplanes/dataplane.service.js';
import { DeadNodeRelease } from './dataplanes/dead-node-release.js';
import { JobLeases, everyWhileHeld, type Schedule } from './jobs/job-lease.js';
import { SharedAnswers } from './graphql/shared-answers.js';
import { HealthService } from './health/health.service.js';
import { ProbeService } from './health/probe.service.js';
import { StatusService } from './status/status.service.js';
import { LedgerService } from './ledger/ledger.service.js';
import { SnapshotBuilder } from './publish/snapshot.builder.js';
import { SnapshotPublisher, type PublishOutcome } from './publish/snapshot.publisher.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { CaptchaService } from './registration/captcha.service.js';
import { EmailCodeService } from './registration/email-code.service.js';
import { RateLimiter } from './registration/rate-limiter.js';
import { RegistrationService } from './registration/registration.service.js';
import { TokenService } from './tokens/token.service.js';
import { GenerationWatch } from './recovery/generation-watch.js';
import { USAGE_CONSUMER_GROUP } from './usage/usage.consumer.js';

/**
 * Replacements for tests and embedders; production leaves them unset. They exist so tests can
 * drive real components deterministically instead of mocking them.
 */
export interface ServiceOverrides {
  /** The clock (epoch ms) behind captcha and e-mail code expiry and rate-limit windows. */
  now?: () => number;
  /** Where captcha answers come from, so a test can solve captchas without the answer crossing the API. */
  captchaAnswer?: () => string;
  /** False: do not run the usage consumer loop (tests drive `billing.consumer.drain()`). */
  consumeUsage?: boolean;
}

/** The domain services resolvers call into; one instance per control-plane process. */
export class Services {
  readonly sessions = new SessionService();

  readonly tokens: TokenService;
  readonly ledger: LedgerService;
  readonly mailer: Mailer;
  readonly accounts: AccountService;
  /** Administrators' account search and the disable switch. */
  readonly accountAdmin: AccountAdministration;
  readonly auth: AuthService;
  readonly registration: RegistrationService;
  readonly groups: GroupService;
  readonly channels: ChannelService;
  /** Administrators' test requests through one channel. */
  readonly channelTests: ChannelTestService;
  /** Disables upstream keys the data planes report rejected. */
  readonly keyInvalidations: KeyInvalidationJob;
  readonly models: ModelService;
  readonly exchangeRates: ExchangeRateService;
  readonly feeList: FeeListService;
  /** Builds and pushes routing snapshots; see `catalogChanged`. */
  readonly snapshots: SnapshotPublisher;
  readonly dataPlanes: DataPlaneService;
  /** Hot balances, usage consumer, top-ups, redemption codes (see billing/). */
  readonly billing: Billing;
  /** Group health: rollups, states, publishing state changes. */
  readonly health: HealthService;
  /** Probes groups without traffic. */
  readonly probes: ProbeService;
  /** The public status page and incident notices. */
  readonly status: StatusService;
  /** Releases the reservations of data-plane processes that stopped beating (DEAD_NODE_RELEASE_MS). */
  readonly deadNodes: DeadNodeRelease;
  /** The leases of the jobs that run on one control plane at a time (control-plane/jobs/job-lease.ts). */
  readonly jobs: JobLeases;
  private deadNodeJob: Schedule | undefined;
  /** Notices that Redis lost its data and has it written again ({@link republishToRedis}). */
  readonly generation: GenerationWatch;
  /** Public aggregates shared by every caller for PUBLIC_CACHE_MS (see publicAnswer). */
  readonly publicAnswers: SharedAnswers;

  constructor(readonly deps: AppDeps, overrides: ServiceOverrides = {}) {
    const { orm, ports, config, secrets } = deps;
    const now = overrides.now ?? Date.now;
    this.jobs = new JobLeases(ports.ephemeral, config.jobLeaseMs);
    this.publicAnswers = new SharedAnswers(config.publicCacheMs, overrides.now);
    const builder = new SnapshotBuilder();
    this.snapshots = new SnapshotPublisher(() => builder.build(orm.em.fork()), ports.configBus);
    this.dataPlanes = new DataPlaneService(ports.configBus, deps.events.pubSub, config.dataPlaneWatch);
    this.deadNodes = new DeadNodeRelease(ports.configBus, ports.balances, config.deadNodeReleaseMs);
    const onCatalogChange = (): void => void this.catalogChanged();
    this.groups = new GroupService(onCatalogChange);
    this.channels = new ChannelService(secrets, onCatalogChange);
    this.channelTests = new ChannelTestService(this.channels, secrets);
    this.keyInvalidations = new KeyInvalidationJob(orm, ports.keyInvalidations, this.channels);
    this.models = new ModelService(onCatalogChange);
    this.exchangeRates = new ExchangeRateService(onCatalogChange);
    this.feeList = new FeeListService(this.exchangeRates);
    this.health = new HealthService(orm, ports, deps.events.pubSub, config.health, now);
    this.status = new StatusService(orm, this.health, deps.events.pubSub, now);
    this.probes = new ProbeService(ports, secrets, this.health);
    this.tokens = new TokenService(deps);
    this.generation = new GenerationWatch(ports.configBus, () => this.republishToRedis(), config.redisGenerationCheckMs);
    this.ledger = new LedgerService(orm);
    this.billing = new Billing({ ...deps, ledger: this.ledger }, { now, consumeUsage: overrides.consumeUsage });
    this.mailer = createMailer(config);
    const limiter = new RateLimiter(ports.ephemeral, now);
    const { sessions, ledger } = this;
    this.accounts = new AccountService({ orm, ledger, sessions, limiter, admin: { username: config.adminUsername, password: config.adminPassword } });
    const captchas = new CaptchaService(ports.ephemeral, now, overrides.captchaAnswer);
    this.auth = new AuthService({ sessions, ledger, limiter, captchas });
    this.accountAdmin = new AccountAdministration({ ledger, sessions, tokens: this.tokens });
    this.registration = new RegistrationService({
      captchas,
      codes: new EmailCodeService(ports.ephemeral, this.mailer, now),
      limiter,
      ledger,
      accounts: this.accounts,
      secrets,
      inviteRewardMicro: config.inviteRewardMicro,
      defaultAccountLimits: config.defaultAccountLimits,
      publishToken: (token) => this.tokens.publish(token),
      hotBalances: this.billing.hot,
    });
  }

  /** Runs start-up work (seeding, background jobs) once the database is migrated. */
  async start(): Promise<void> {
    // Before the writes below: a loss of Redis' data during them is noticed by the first check.
    await this.generation.baseline();
    await seedCatalog(this.deps.orm.em.fork(), new Date());
    await this.accounts.ensureAdmin();
    // Jobs that run on one control plane at a time; the rest (usage consumer, load requests,
    // subscriptions, caches) run on every one. The key invalidations need no lease: each report is
    // taken off the queue by one control plane, and disabling a key twice changes nothing.
    const { jobs } = this;
    await this.billing.start({ reservationExpiry: await jobs.lease('reservation-expiry'), reconciliation: await jobs.lease('reconciliation') });
    // Redis may have lost token records or missed a change while we were down: match the database.
    await this.tokens.republishAll();
    // Folds, states and probes together: a probe round re-decides the states at once.
    const health = await jobs.lease('health');
    await this.health.start(health);
    this.probes.start(health);
    // Last, after any seeding: the data planes get the catalog as it stands now.
    await this.catalogChanged();
    this.dataPlanes.start(await jobs.lease('data-plane-watch'));
    this.keyInvalidations.start();
    // A sweep every quarter of the silence that makes a node dead.
    this.deadNodeJob = everyWhileHeld(await jobs.lease('dead-node-release'), Math.max(50, Math.floor(this.deps.config.deadNodeReleaseMs / 4)), () => this.deadNodes.tick());
    // On every control plane, without a lease: the lease is kept in the Redis whose loss this
    // watches (gone with the data, it could not say who republishes), and every step is idempotent.
    this.generation.start();
  }

  /**
   * Writes again everything the data planes read from Redis, after it lost its data: token
   * records, hot balances (from the ledger), the snapshot and the group states (by the control
   * plane deciding them). Every step is idempotent, so two control planes may run it at once. Rejects when a step fails (the
   * generation watch tries again).
   */
  async republishToRedis(): Promise<void> {
    // The stream went with the data: events appended since are read from its start.
    await this.deps.ports.usage.ensureGroup(USAGE_CONSUMER_GROUP);
    await this.tokens.republishAll();
    await this.billing.hot.rebuildMissing();
    await this.snapshots.requestPublish();
    await this.health.republish();
  }

  /**
   * Call after every committed catalog change (groups, channels, models, prices, rate): pushes a
   * new snapshot revision, coalesced with other changes. Resolves once it is published; never
   * rejects (a failed publish is logged and retried), so a committed change is never reported failed.
   */
  async catalogChanged(): Promise<PublishOutcome | null> {
    this.publicAnswers.clear();
    return this.snapshots.requestPublish().catch(() => null);
  }

  /** Stops background jobs started by `start`. */
  async stop(): Promise<void> {
    await this.deadNodeJob?.stop();
    await this.generation.stop();
    await this.keyInvalidations.stop();
    await this.probes.stop();
    await this.channelTests.stop();
    await this.health.stop();
    await this.dataPlanes.stop();
    await this.snapshots.stop();
    await this.billing.stop();
    // After the jobs: other control planes take them over at once.
    await this.jobs.stop();
    this.mailer.close();
  }
}
