/**
 * What the video jobs need from each channel kind that can make videos: how to start a job, how
 * to ask for its state, and where its file is, each as one HTTP exchange; and how to read the
 * answers into one normalised state. OpenAI channels speak the OpenAI video format natively;
 * Gemini channels are reached by translation (./gemini.ts).
 */
import type { Readable } from 'node:stream';
import type { RuntimeChannel } from '../../../shared/snapshot/runtime-config.js';
import type { VideoRequest } from '../request.js';

/** A job's lifecycle, as the OpenAI format names it. */
export type VideoStatus = 'queued' | 'in_progress' | 'completed' | 'failed';

/** A job's state as the upstream reported it. */
export interface UpstreamJobState {
  status: VideoStatus;
  /** 0 to 100. */
  progress: number;
  /** Seconds of video made, when the upstream says so (else the seconds asked for). */
  seconds?: number;
  /** Why it failed (status `failed`). */
  error?: { code: string; message: string };
  /** Epoch seconds, when known. */
  completedAt?: number;
  expiresAt?: number;
  /** Where the finished file can be downloaded (Gemini names a URL; OpenAI has a fixed path). */
  contentUri?: string;
}

/** One HTTP exchange with the upstream (a body streamed from disk is made afresh for each attempt). */
export interface VideoExchange {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: Buffer | Readable;
}

/** A channel kind's video API. */
export interface VideoUpstream {
  /** The request starting a job (`upstreamModel`: the name the upstream knows the model by). */
  create(channel: RuntimeChannel, key: string, upstreamModel: string, request: VideoRequest): VideoExchange;
  /** The upstream's id of the job it started, and its first state, from the creation answer. */
  created(answer: unknown): { upstreamId: string; state: UpstreamJobState };
  /** The request for a job's current state. */
  poll(channel: RuntimeChannel, key: string, upstreamId: string): VideoExchange;
  /** The state in a poll's answer. */
  state(answer: unknown): UpstreamJobState;
  /**
   * The request for a finished job's file (`variant`: `video`, `thumbnail`, `spritesheet`), or a
   * sentence saying why there is none to fetch.
   */
  content(channel: RuntimeChannel, key: string, upstreamId: string, state: UpstreamJobState, variant: string): VideoExchange | string;
}

/** An answer that does not have the shape the upstream documents. */
export class MalformedAnswer extends Error {}

/** `value` as an object, or a MalformedAnswer naming `what`. */
export function objectOf(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MalformedAnswer(`${what} is not a JSON object`);
  return value as Record<string, unknown>;
}
