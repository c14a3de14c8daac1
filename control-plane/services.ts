import type { MikroORM } from '@mikro-orm/postgresql';
import type { SecretBox } from '../shared/crypto/secrets.js';
import type { Ports } from '../shared/ports/ports.js';
import { SessionService } from './auth/session.service.js';
import type { ControlPlaneConfig } from './config.js';
import type { EventBus } from './graphql/pubsub.js';

/** What the control plane is built from: opened once at start, closed at shutdown. */
export interface AppDeps {
  orm: MikroORM;
  ports: Ports;
  events: EventBus;
  secrets: SecretBox;
  config: ControlPlaneConfig;
}

/** The domain services resolvers call into; one instance per control-plane process. */
export class Services {
  readonly sessions = new SessionService();

  constructor(readonly deps: AppDeps) {}

  /** Runs start-up work (seeding, background jobs) once the database is migrated. */
  async start(): Promise<void> {}

  /** Stops background jobs started by `start`. */
  async stop(): Promise<void> {}
}
