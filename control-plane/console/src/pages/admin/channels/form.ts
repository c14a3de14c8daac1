import type { AdminChannelFieldsFragment, ChannelKind, ChannelMembershipInput, CreateChannelInput, ServedModelInput, UpdateChannelInput } from '../../../gql/admin-channels/graphql';

/** Every channel kind, as the API names them. */
export const CHANNEL_KINDS: ChannelKind[] = ['OpenAI', 'Anthropic', 'Gemini', 'AzureOpenAI', 'OpenAICompatible', 'Demo'];

/** A timeout as typed: empty leaves the API's default (or the current value). */
type Timeout = number | string;

/** What the channel form holds. */
export interface ChannelFormValues {
  name: string;
  kind: ChannelKind;
  baseUrl: string;
  /** New keys, one per line. */
  keys: string;
  azureApiVersion: string;
  azureDeployment: string;
  /** One model per line, `model = upstream name` when mapped. */
  models: string;
  groups: ChannelMembershipInput[];
  connectTimeoutMs: Timeout;
  firstByteTimeoutMs: Timeout;
  totalTimeoutMs: Timeout;
  /** Seconds; empty is the data planes' default (also when editing: it clears the channel's own). */
  idleTimeoutSeconds: Timeout;
  active: boolean;
}

/** The form's values for a new channel, or for editing `channel` (its keys are never shown, only added to). */
export function formValues(channel: AdminChannelFieldsFragment | null): ChannelFormValues {
  return {
    name: channel?.name ?? '',
    kind: channel?.kind ?? 'OpenAI',
    baseUrl: channel?.baseUrl ?? '',
    keys: '',
    azureApiVersion: channel?.azureApiVersion ?? '',
    azureDeployment: channel?.azureDeployment ?? '',
    models: channel ? channel.models.map((m) => (m.upstreamModel === m.model ? m.model : `${m.model} = ${m.upstreamModel}`)).join('\n') : '',
    groups: channel ? channel.groups.map(({ group, priority, weight }) => ({ group, priority, weight })) : [],
    connectTimeoutMs: channel?.connectTimeoutMs ?? '',
    firstByteTimeoutMs: channel?.firstByteTimeoutMs ?? '',
    totalTimeoutMs: channel?.totalTimeoutMs ?? '',
    idleTimeoutSeconds: channel?.idleTimeoutSeconds ?? '',
    active: channel ? channel.status === 'Active' : true,
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** "model" or "model = upstream" lines as served models (the API checks them). */
export function servedModels(text: string): ServedModelInput[] {
  return lines(text).map((line) => {
    const [model, upstream] = line.split('=').map((part) => part.trim());
    return upstream ? { model, upstreamModel: upstream } : { model };
  });
}

const timeout = (value: Timeout) => (value === '' ? undefined : Number(value));

function common(v: ChannelFormValues) {
  const azure = v.kind === 'AzureOpenAI';
  return {
    name: v.name.trim(),
    baseUrl: v.kind === 'Demo' ? undefined : v.baseUrl.trim(),
    azureApiVersion: azure ? v.azureApiVersion.trim() : undefined,
    azureDeployment: azure ? v.azureDeployment.trim() : undefined,
    models: servedModels(v.models),
    groups: v.groups,
    connectTimeoutMs: timeout(v.connectTimeoutMs),
    firstByteTimeoutMs: timeout(v.firstByteTimeoutMs),
    totalTimeoutMs: timeout(v.totalTimeoutMs),
    idleTimeoutSeconds: v.idleTimeoutSeconds === '' ? null : Number(v.idleTimeoutSeconds),
    status: v.active ? ('Active' as const) : ('Disabled' as const),
  };
}

/** The API's input for a new channel. */
export function createInput(v: ChannelFormValues): CreateChannelInput {
  const { azureDeployment, ...rest } = common(v);
  return { ...rest, azureDeployment: azureDeployment || undefined, kind: v.kind, keys: lines(v.keys) };
}

/** The API's changes to a channel: every field the form shows, and the keys typed in added. */
export function updateInput(v: ChannelFormValues): UpdateChannelInput {
  const added = lines(v.keys);
  return { ...common(v), addKeys: added.length ? added : undefined };
}
