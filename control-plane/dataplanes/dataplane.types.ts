import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { DataPlaneStatus } from './dataplane.status.js';
import type { DataPlaneStatusChange } from './dataplane.service.js';

/** GraphQL names of the data-plane states. */
export enum DataPlaneStateValue {
  OK = 'ok',
  BEHIND = 'behind',
  SILENT = 'silent',
}

registerEnumType(DataPlaneStateValue, {
  name: 'DataPlaneState',
  description: 'SILENT: no heartbeat lately; BEHIND: not running the current snapshot for too long; OK otherwise',
});

/** A snapshot a data plane refused. */
@ObjectType({ description: 'A routing snapshot a data plane refused (it kept serving its previous one)' })
export class RefusedSnapshotType {
  @Field(() => Int, { nullable: true, description: 'Null when the snapshot was unreadable' })
  revision!: number | null;

  @Field(() => String)
  message!: string;
}

/** One data plane, from its heartbeat. */
@ObjectType('DataPlane', { description: 'A data-plane node, as reported by its heartbeat' })
export class DataPlaneType {
  @Field(() => String, { description: 'NODE_NAME of the data plane' })
  node!: string;

  @Field(() => Int, { nullable: true, description: 'Applied snapshot revision (null before the first)' })
  revision!: number | null;

  @Field(() => String, { nullable: true, description: 'Content hash of the applied snapshot' })
  hash!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the applied snapshot was swapped in' })
  appliedAt!: Date | null;

  @Field(() => Date)
  lastBeatAt!: Date;

  @Field(() => Int, { nullable: true, description: 'The revision the control plane published last' })
  currentRevision!: number | null;

  @Field(() => Boolean, { description: 'Not running the current snapshot (perhaps only for a moment: see state)' })
  behind!: boolean;

  @Field(() => Boolean, { description: 'No heartbeat for longer than the silence threshold' })
  silent!: boolean;

  @Field(() => DataPlaneStateValue)
  state!: DataPlaneStateValue;

  @Field(() => RefusedSnapshotType, { nullable: true, description: 'The last refused snapshot, until a newer one is applied' })
  lastError!: RefusedSnapshotType | null;

  /** Maps the JSON status (as it also travels in events) to the GraphQL object. */
  static from(s: DataPlaneStatus): DataPlaneType {
    return Object.assign(new DataPlaneType(), {
      ...s,
      appliedAt: s.appliedAt ? new Date(s.appliedAt) : null,
      lastBeatAt: new Date(s.lastBeatAt),
      state: s.state as DataPlaneStateValue,
    });
  }
}

/** A data plane changed state. */
@ObjectType('DataPlaneStatusChange', { description: 'A data plane went silent, fell behind for too long, or recovered' })
export class DataPlaneStatusChangeType {
  @Field(() => DataPlaneStateValue)
  state!: DataPlaneStateValue;

  @Field(() => DataPlaneStateValue)
  previousState!: DataPlaneStateValue;

  @Field(() => DataPlaneType)
  dataPlane!: DataPlaneType;

  /** Maps an event payload to the GraphQL object. */
  static from(change: DataPlaneStatusChange): DataPlaneStatusChangeType {
    return Object.assign(new DataPlaneStatusChangeType(), {
      state: change.state as DataPlaneStateValue,
      previousState: change.previousState as DataPlaneStateValue,
      dataPlane: DataPlaneType.from(change.status),
    });
  }
}
