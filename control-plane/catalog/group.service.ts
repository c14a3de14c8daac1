import type { EntityManager } from '@mikro-orm/postgresql';
import type { GroupFormat } from '../../shared/formats.js';
import { Role } from '../accounts/account.entity.js';
import type { Viewer } from '../auth/viewer.js';
import { badInput, notFound } from '../graphql/errors.js';
import { ChannelGroup } from './channel-group.entity.js';
import { canServe } from './channel-formats.js';
import { assignLimits, validLimits } from '../limits/rate-limit-columns.js';
import { Group } from './group.entity.js';
import type { CreateGroupInput, UpdateGroupInput } from './group.input.js';
import { decimalInput, formatsInput, groupFormatInput, MULTIPLIER_COLUMN } from './validate.js';

/** Groups: everyone reads the public ones, administrators read and write all. */
export class GroupService {
  /** `onChange` runs after every committed change (the snapshot publisher listens). */
  constructor(private readonly onChange: () => void) {}

  /** Groups visible to `viewer` (administrators: all; others: the public ones), by name. */
  list(em: EntityManager, viewer: Viewer | null): Promise<Group[]> {
    return em.find(Group, isAdmin(viewer) ? {} : { isPublic: true }, { orderBy: { name: 'asc' } });
  }

  /** One group visible to `viewer`, or NOT_FOUND. */
  async get(em: EntityManager, viewer: Viewer | null, name: string): Promise<Group> {
    const group = await em.findOne(Group, { name });
    if (!group || (!group.isPublic && !isAdmin(viewer))) throw notFound('Group');
    return group;
  }

  /** Creates a group (administrators). */
  async create(em: EntityManager, input: CreateGroupInput): Promise<Group> {
    if (await em.findOne(Group, { name: input.name })) throw badInput('name', `a group named "${input.name}" already exists`);
    const formats = formatsInput('formats', input.formats);
    const group = em.create(Group, {
      name: input.name,
      displayName: input.displayName,
      description: input.description,
      priceMultiplier: decimalInput('priceMultiplier', input.priceMultiplier, MULTIPLIER_COLUMN, { allowZero: false }),
      formats,
      recommendedFormat: recommended(formats, input.recommendedFormat ?? undefined, undefined),
      billingKind: input.billingKind,
      autoRoute: input.autoRoute,
      isPublic: input.isPublic,
      status: input.status,
    });
    if (input.limits) assignLimits(group, validLimits('limits', input.limits));
    await em.flush();
    this.onChange();
    return group;
  }

  /** Applies the given changes (administrators). Formats a member channel cannot serve are refused. */
  async update(em: EntityManager, name: string, input: UpdateGroupInput): Promise<Group> {
    const group = await em.findOne(Group, { name });
    if (!group) throw notFound('Group');
    if (input.formats != null) {
      const formats = formatsInput('formats', input.formats);
      await assertMembersServe(em, group, formats);
      group.recommendedFormat = recommended(formats, input.recommendedFormat, group.recommendedFormat);
      group.formats = formats;
    } else if (input.recommendedFormat != null) {
      group.recommendedFormat = recommended(group.formats, input.recommendedFormat, undefined);
    }
    if (input.priceMultiplier != null) {
      group.priceMultiplier = decimalInput('priceMultiplier', input.priceMultiplier, MULTIPLIER_COLUMN, { allowZero: false });
    }
    if (input.displayName != null) group.displayName = input.displayName;
    if (input.description != null) group.description = input.description;
    if (input.billingKind != null) group.billingKind = input.billingKind;
    if (input.autoRoute != null) group.autoRoute = input.autoRoute;
    if (input.isPublic != null) group.isPublic = input.isPublic;
    if (input.status != null) group.status = input.status;
    if (input.limits != null) assignLimits(group, validLimits('limits', input.limits));
    await em.flush();
    this.onChange();
    return group;
  }

  /** Deletes a group and its channel memberships (administrators). Tokens naming it skip it from then on. */
  async delete(em: EntityManager, name: string): Promise<void> {
    const deleted = await em.transactional(async (tx) => {
      await tx.nativeDelete(ChannelGroup, { group: { name } });
      return tx.nativeDelete(Group, { name });
    });
    if (deleted === 0) throw notFound('Group');
    this.onChange();
  }
}

function isAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === Role.Admin;
}

/** The recommended format: the one asked for (must be listed), else the current one if still listed, else the first. */
function recommended(formats: GroupFormat[], asked: string | undefined, current: GroupFormat | undefined): GroupFormat {
  if (asked !== undefined) {
    const format = groupFormatInput('recommendedFormat', asked);
    if (!formats.includes(format)) throw badInput('recommendedFormat', `"${format}" is not one of the group's formats`);
    return format;
  }
  return current !== undefined && formats.includes(current) ? current : formats[0];
}

async function assertMembersServe(em: EntityManager, group: Group, formats: GroupFormat[]): Promise<void> {
  const members = await em.find(ChannelGroup, { group }, { populate: ['channel'] });
  for (const m of members) {
    const missing = formats.find((f) => !canServe(m.channel.kind, f));
    if (missing) throw badInput('formats', `member channel "${m.channel.name}" cannot serve ${missing}`);
  }
}
