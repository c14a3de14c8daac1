/**
 * What the gateway keeps of a video job (shared/ports/video-jobs.ts) and how it shows it to the
 * client: OpenAI's Video object.
 */
import type { UnitRates } from '../billing/unit-billing.js';
import type { UpstreamJobState, VideoStatus } from './upstream/upstream.js';

/** One job, as stored per account. */
export interface VideoJobRecord {
  /** The client's id (./job-id.ts). */
  id: string;
  tokenId: string;
  /** Our model id, as the client named it (aliases resolved). */
  model: string;
  group: string;
  channelId: string;
  upstreamId: string;
  prompt: string;
  /** Seconds asked for. */
  seconds: number;
  size: string;
  /** Epoch seconds. */
  createdAt: number;
  /** Epoch milliseconds: the order of the account's list. */
  createdMs: number;
  /** The last state seen. */
  status: VideoStatus;
  progress: number;
  completedAt: number | null;
  expiresAt: number | null;
  error: { code: string; message: string } | null;
  /** The reservation made at creation (its id is the usage event's id). */
  reservationId: string;
  reservedMicro: string;
  /** The charge's inputs as they were at creation: a job is charged at the prices it was started at. */
  rates: UnitRates;
  /** Set once the job was charged (completed) or its reservation released (failed). */
  settled: 'charged' | 'released' | null;
}

/** Has the job ended (completed or failed)? */
export function ended(status: VideoStatus): boolean {
  return status === 'completed' || status === 'failed';
}

/**
 * The record with a newly polled state. A job that ended keeps its status, progress and error
 * for good: it was charged or released on that status, so a later poll saying otherwise (an
 * upstream that answered 404, then the job after all) must not serve a released job's video,
 * nor fail a charged one. A later poll of the same status may still tell when its file expires.
 */
export function withState(record: VideoJobRecord, state: UpstreamJobState, nowSeconds: number): VideoJobRecord {
  if (ended(record.status)) return state.status === record.status ? { ...record, expiresAt: state.expiresAt ?? record.expiresAt } : record;
  return {
    ...record,
    status: state.status,
    progress: state.progress,
    completedAt: state.completedAt ?? (ended(state.status) ? (record.completedAt ?? nowSeconds) : null),
    expiresAt: state.expiresAt ?? record.expiresAt,
    error: state.error ?? null,
  };
}

/** OpenAI's Video object of a job. */
export function videoObject(record: VideoJobRecord): Record<string, unknown> {
  return {
    id: record.id,
    object: 'video',
    model: record.model,
    status: record.status,
    progress: record.progress,
    created_at: record.createdAt,
    completed_at: record.completedAt,
    expires_at: record.expiresAt,
    error: record.error,
    prompt: record.prompt,
    remixed_from_video_id: null,
    seconds: String(record.seconds),
    size: record.size,
  };
}
