import type { AuthChecker } from 'type-graphql';
import { Role } from '../accounts/account.entity.js';
import type { Viewer } from '../auth/viewer.js';
import type { GraphQLContext } from './context.js';
import { forbidden, unauthenticated } from './errors.js';

/**
 * `@Authorized()` needs a session; `@Authorized('admin')` needs an admin. Throws rather than
 * returning false so the client gets UNAUTHENTICATED or FORBIDDEN with a message that says which.
 */
export const authChecker: AuthChecker<GraphQLContext> = ({ context }, roles) => {
  const viewer = context.viewer;
  if (!viewer) throw unauthenticated();
  if (roles.includes(Role.Admin) && viewer.role !== Role.Admin) throw forbidden('This operation is for administrators only');
  return true;
};

/** The viewer, or UNAUTHENTICATED: for resolvers reached without `@Authorized`. */
export function requireViewer(ctx: GraphQLContext): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}
