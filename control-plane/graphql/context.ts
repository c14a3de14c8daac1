import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../accounts/account.entity.js';
import type { Services } from '../services.js';
import type { Logger } from '../../shared/log.js';

/** Who is calling: resolved from the session cookie or bearer session token. */
export interface Viewer {
  accountId: string;
  role: Role;
  /** SHA-256 of the session secret, so logout can end exactly this session. */
  sessionHash: string;
}

/** The HTTP side of a GraphQL call: where cookies are set and the client address is read. */
export interface HttpSide {
  ip: string;
  setSessionCookie(secret: string, expires: Date): void;
  clearSessionCookie(): void;
}

/** Per-operation context: a forked entity manager, the viewer, and the services. */
export interface GraphQLContext {
  em: EntityManager;
  viewer: Viewer | null;
  services: Services;
  http: HttpSide;
  /** The operation's logger: its lines carry the request id (HTTP: the `x-request-id` header sent back). */
  log?: Logger;
}
