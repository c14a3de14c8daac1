import type { CreateTokenInput, TokensRowFragment, UpdateTokenInput } from '../../gql/tokens/graphql';
import { limitTexts, limitsInput, type LimitTexts } from '../../components/rate-limits/limits';

/** What the token form edits; text as typed, so the API judges it and its errors land next to the fields. */
export interface TokenFormValues {
  name: string;
  /** The main group; null routes automatically (and allows no fallbacks). */
  main: string | null;
  /** Fallback groups, in the order they are tried. */
  fallbacks: string[];
  /** A `datetime-local` value in the viewer's time zone, or '' for never. */
  expiresAt: string;
  /** RMB as typed, or '' for no cap. */
  spendCap: string;
  /** Allowed model ids; empty for any model. */
  models: string[];
  /** The token's own rate limits as typed; '' for none. */
  limits: LimitTexts;
}

/** An empty form, for a new token. */
export const EMPTY_FORM: TokenFormValues = { name: '', main: null, fallbacks: [], expiresAt: '', spendCap: '', models: [], limits: limitTexts(null) };

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in the viewer's time zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The form as it starts for editing `token`. */
export function formOf(token: TokensRowFragment): TokenFormValues {
  return {
    name: token.name,
    main: token.groups[0] ?? null,
    fallbacks: token.groups.slice(1),
    expiresAt: token.expiresAt ? toLocalInput(token.expiresAt) : '',
    spendCap: token.spendCap ?? '',
    models: token.modelAllowList ?? [],
    limits: limitTexts(token.limits),
  };
}

/** The ordered group list the API takes: main group, then fallbacks; [] for automatic routing. */
export function groupsOf(values: TokenFormValues): string[] {
  return values.main ? [values.main, ...values.fallbacks] : [];
}

/** Every field as the API takes it: '' and [] mean none (null). */
export function createInput(values: TokenFormValues): CreateTokenInput {
  return {
    name: values.name,
    groups: groupsOf(values),
    expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
    spendCap: values.spendCap.trim() === '' ? null : values.spendCap.trim(),
    modelAllowList: values.models.length ? values.models : null,
    limits: limitsInput(values.limits),
  };
}

/**
 * Only what changed since `before` (an unchanged past expiry is not sent again, which the API
 * would refuse); null clears expiry, cap and allow-list.
 */
export function updateInput(before: TokenFormValues, values: TokenFormValues): UpdateTokenInput {
  const was = createInput(before);
  const now = createInput(values);
  const changed: UpdateTokenInput = {};
  if (now.name !== was.name) changed.name = now.name;
  if (JSON.stringify(now.groups) !== JSON.stringify(was.groups)) changed.groups = now.groups;
  if (values.expiresAt !== before.expiresAt) changed.expiresAt = now.expiresAt;
  if (now.spendCap !== was.spendCap) changed.spendCap = now.spendCap;
  if (JSON.stringify(now.modelAllowList) !== JSON.stringify(was.modelAllowList)) changed.modelAllowList = now.modelAllowList;
  if (JSON.stringify(now.limits) !== JSON.stringify(was.limits)) changed.limits = now.limits;
  return changed;
}
