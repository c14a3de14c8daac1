import { compareDecimal, parseDecimal } from '../../shared/decimal.js';
import type { GroupFormat } from '../../shared/formats.js';
import type { TokenRecord } from '../../shared/ports/token-store.js';
import type { GroupRoute, RuntimeConfig, RuntimeModel } from '../../shared/snapshot/runtime-config.js';
import { GatewayError } from '../../shared/wire/errors.js';
import type { Authenticated, Configured, Resolved, Stage, WithCandidates } from './state.js';

/** The exact message clients get when none of their groups speaks their format. */
export const UNSUPPORTED_FORMAT = 'Unsupported API format';

/**
 * The groups to try for a request, in order (docs/architecture.md, "Routing"). A token with groups:
 * those of its groups that are active, accept the format and serve the model, in the token's order;
 * when none of its groups accepts the format at all, `Unsupported API format`. A token without
 * groups: the automatic-routing groups accepting the format and serving the model, pay-per-use
 * groups first, then by effective price (the group multiplier: the model's price and multiplier are
 * the same in every group), then by name.
 */
export function candidateGroups(config: RuntimeConfig, token: TokenRecord, model: RuntimeModel, format: GroupFormat): GroupRoute[] {
  if (token.groups.length > 0) {
    const groups = token.groups.map((name) => config.groups.get(name)).filter((g) => g !== undefined);
    if (!groups.some((g) => g.formats.includes(format))) throw new GatewayError('invalid_request', UNSUPPORTED_FORMAT);
    // A token has a few groups and a model a few routes: searched, not indexed per request.
    return groups.filter((g) => g.status === 'active' && g.formats.includes(format)).flatMap((g) => model.routes.find((r) => r.group.name === g.name) ?? []);
  }
  const auto = [...config.groups.values()].filter((g) => g.autoRoute && g.status === 'active');
  if (!auto.some((g) => g.formats.includes(format))) throw new GatewayError('invalid_request', UNSUPPORTED_FORMAT);
  return model.routes
    .filter((r) => r.group.autoRoute && r.group.formats.includes(format))
    .sort(
      (a, b) =>
        Number(b.group.billing === 'tokens') - Number(a.group.billing === 'tokens') ||
        compareDecimal(parseDecimal(a.group.multiplier), parseDecimal(b.group.multiplier)) ||
        a.group.name.localeCompare(b.group.name),
    );
}

/** Group health's verdict: may `group` serve `model` now (`others`: whether other candidate groups may be left to serve)? */
export type GroupUsable = (group: string, model: string, others: boolean) => boolean;

/**
 * The candidate groups for `model` (the token's, by {@link candidateGroups}) that health lets
 * serve it: 404 when none serves the model, 503 when health drops every one. Groups where the
 * model is unavailable go only when no other group is left to serve it.
 */
export function usableGroups(config: RuntimeConfig, token: TokenRecord, model: RuntimeModel, format: GroupFormat, usable: GroupUsable = () => true): GroupRoute[] {
  const candidates = candidateGroups(config, token, model, format);
  if (candidates.length === 0) throw new GatewayError('not_found', `The model '${model.id}' is not available to this API key's groups`);
  const kept = candidates.filter((r) => usable(r.group.name, model.id, true));
  const routes = kept.length > 0 ? kept : candidates.filter((r) => usable(r.group.name, model.id, false));
  if (routes.length === 0) throw new GatewayError('unavailable', `Every group serving '${model.id}' for this API key is unavailable right now`);
  return routes;
}

/**
 * Stage: the candidate groups (of a generation, and of a token count, which is refused alike);
 * a model none of them serves is a 404 in the client's format.
 * `usable` (group health) drops the groups that cannot serve the model now (the group is down, or
 * the model is unavailable in it; `others`: whether other candidate groups may be left to serve),
 * so routing moves on to the token's fallbacks; when it drops every one: 503.
 */
export function pickGroups(usable?: GroupUsable): Stage<Configured & Authenticated & Resolved, WithCandidates> {
  return async (ctx, next) => {
    const { runtime, token, model, format } = ctx.state;
    ctx.state.candidates = usableGroups(runtime, token, model, format, usable);
    await next();
  };
}
