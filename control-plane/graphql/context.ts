import type { EntityManager } from '@mikro-orm/postgresql';
import type { HttpSide, Viewer } from '../auth/viewer.js';
import type { Services } from '../services.js';
import type { Logger } from '../../shared/log.js';

/** Per-operation context: a forked entity manager, the viewer, and the services. */
export interface GraphQLContext {
  em: EntityManager;
  viewer: Viewer | null;
  services: Services;
  http: HttpSide;
  /** The operation's logger: its lines carry the request id (HTTP: the `x-request-id` header sent back). */
  log?: Logger;
}
