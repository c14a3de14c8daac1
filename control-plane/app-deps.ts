import type { MikroORM } from '@mikro-orm/postgresql';
import type { SecretBox } from '../shared/crypto/secrets.js';
import type { Ports } from '../shared/ports/ports.js';
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
