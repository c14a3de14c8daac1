/**
 * A fake video upstream for tests: one node:http server speaking OpenAI's video API
 * (POST /v1/videos, GET /v1/videos/{id}, GET /v1/videos/{id}/content) and Gemini's long-running
 * video generation (POST /v1beta/models/{m}:predictLongRunning, GET /v1beta/{operation name},
 * GET /v1beta/files/{id}:download). It checks every request as the real APIs would (the key in
 * the kind's own header, the path, the body's fields and values, that a job is polled with a key
 * of the channel that made it) and records the malformed ones in `violations`. Jobs finish after
 * a scripted number of polls, completed or failed, or are forgotten (their polls answer 404 as the
 * real APIs answer for a job they do not have); a key of the job's channel but of another upstream
 * project gets that 404 too (`projects`); files are generated as they are sent (a 20 MB file
 * never exists whole, here either).
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** How the jobs of one upstream key go. */
export interface VideoScript {
  /** Polls answered "still running" before the job ends (default 1). */
  pollsUntilDone?: number;
  /**
   * How it ends (default `complete`); `cancel`: a Gemini operation cancelled upstream (OpenAI jobs
   * fail instead); `forget`: the upstream loses the job, and its polls answer 404 from then on.
   */
  outcome?: 'complete' | 'fail' | 'cancel' | 'forget';
  /** Size of the finished file in bytes (default 1000). */
  fileBytes?: number;
  /** Creation answers this HTTP status instead (a failing channel). */
  createStatus?: number;
  /**
   * Status polls answer this HTTP status instead (an upstream failing while the job runs; 404: one
   * that cannot find the job for a while). Read at each poll from the script of the job's key, so
   * setting or clearing it affects jobs already made.
   */
  pollStatus?: number;
}

/** One request the fake accepted. */
export interface VideoRequestSeen {
  api: 'openai' | 'gemini';
  method: string;
  path: string;
  key: string;
  /** The creation's fields (JSON body or multipart form), for creations. */
  fields?: Record<string, unknown>;
  /** A multipart upload's file, if any. */
  file?: { type: string; bytes: number };
}

interface Job {
  api: 'openai' | 'gemini';
  id: string;
  key: string;
  model: string;
  seconds: string;
  size: string;
  polls: number;
  script: Required<VideoScript>;
}

/** The byte at `offset` of every generated file: tests check what they downloaded by it. */
export function fileByte(offset: number): number {
  return (offset * 31 + 7) & 0xff;
}

const OPENAI_SECONDS = ['4', '8', '12'];
const OPENAI_SIZES = ['720x1280', '1280x720', '1024x1792', '1792x1024'];
const VEO_SECONDS = [4, 6, 8];

/** A running fake video upstream. */
export class FakeVideoUpstream {
  readonly requests: VideoRequestSeen[] = [];
  readonly violations: string[] = [];
  /** File bytes handed to the sockets so far, all downloads together. */
  fileBytesSent = 0;
  private readonly jobs = new Map<string, Job>();
  private readonly scripts = new Map<string, VideoScript>();

  private constructor(
    private readonly server: http.Server,
    /** Base URL, e.g. `http://127.0.0.1:1234`. */
    readonly url: string,
    /** The keys the fake knows: each may create and poll jobs; a job is polled by a key of its channel (`keyGroups`). */
    private readonly keyGroups: string[][],
    /** Keys of one channel that are of different upstream projects: each sees only its own project's jobs. */
    private readonly projects: string[][],
  ) {}

  /**
   * Starts the fake; `keyGroups`: the keys of each channel (a job made with one may be polled with
   * any key of its group); `projects`: keys that share an upstream project, where a channel's keys
   * do not all (by default every channel is one project). A job polled or fetched with a key of its
   * channel but of another project gets the API's 404, as the real one answers a job it does not have.
   */
  static async start(keyGroups: string[][], projects: string[][] = []): Promise<FakeVideoUpstream> {
    const server = http.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const fake = new FakeVideoUpstream(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, keyGroups, projects);
    server.on('request', (req, res) => {
      fake.handle(req, res).catch((err: Error) => {
        fake.violations.push(`internal: ${err.message}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    return fake;
  }

  /** How the jobs made with `key` go from now on. */
  script(key: string, script: VideoScript): void {
    this.scripts.set(key, script);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private violation(res: http.ServerResponse, message: string, status = 400): void {
    this.violations.push(message);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message, code: status } }));
  }

  private sameChannel(a: string, b: string): boolean {
    return this.keyGroups.some((g) => g.includes(a) && g.includes(b));
  }

  /** Does `key` see the job (its project's), or get a 404 for it? */
  private sees(job: Job, key: string): boolean {
    const project = this.projects.find((p) => p.includes(job.key));
    return !project || project.includes(key);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const path = url.pathname;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (path.startsWith('/v1/videos')) return this.openai(req, res, path, url, body);
    if (path.startsWith('/v1beta/')) return this.gemini(req, res, path, url, body);
    this.violation(res, `unknown path ${req.method} ${path}`, 404);
  }

  private scriptOf(key: string): Required<VideoScript> {
    const s = this.scripts.get(key) ?? {};
    return { pollsUntilDone: s.pollsUntilDone ?? 1, outcome: s.outcome ?? 'complete', fileBytes: s.fileBytes ?? 1000, createStatus: s.createStatus ?? 0, pollStatus: s.pollStatus ?? 0 };
  }

  private knownKey(key: string): boolean {
    return this.keyGroups.some((g) => g.includes(key));
  }

  private async openai(req: http.IncomingMessage, res: http.ServerResponse, path: string, url: URL, body: Buffer): Promise<void> {
    const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!this.knownKey(key)) return this.violation(res, `openai: unknown key '${key}'`, 401);
    if (req.method === 'POST' && path === '/v1/videos') {
      const type = req.headers['content-type'] ?? '';
      let fields: Record<string, unknown>;
      let file: VideoRequestSeen['file'];
      if (type.startsWith('application/json')) fields = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      else if (type.startsWith('multipart/form-data')) {
        const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
        fields = {};
        form.forEach((value, name) => {
          if (typeof value === 'string') fields[name] = value;
          else file = { type: value.type, bytes: value.size };
        });
      } else return this.violation(res, `openai: content type '${type}'`);
      this.requests.push({ api: 'openai', method: 'POST', path, key, fields, file });
      if (typeof fields.prompt !== 'string' || fields.prompt === '') return this.violation(res, 'openai: no prompt');
      if (typeof fields.model !== 'string') return this.violation(res, 'openai: no model');
      if (!OPENAI_SECONDS.includes(String(fields.seconds))) return this.violation(res, `openai: seconds ${String(fields.seconds)}`);
      if (!OPENAI_SIZES.includes(String(fields.size))) return this.violation(res, `openai: size ${String(fields.size)}`);
      const script = this.scriptOf(key);
      if (script.createStatus) {
        res.writeHead(script.createStatus, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
        return;
      }
      const job: Job = { api: 'openai', id: `video_${randomBytes(8).toString('hex')}`, key, model: fields.model, seconds: String(fields.seconds), size: String(fields.size), polls: 0, script };
      this.jobs.set(job.id, job);
      return json(res, openaiVideo(job, 'queued'));
    }
    const m = /^\/v1\/videos\/([^/]+)(\/content)?$/.exec(path);
    const job = m ? this.jobs.get(decodeURIComponent(m[1])) : undefined;
    if (req.method !== 'GET' || !m) return this.violation(res, `openai: ${req.method} ${path}`, 404);
    this.requests.push({ api: 'openai', method: 'GET', path, key });
    if (!job || job.api !== 'openai') return this.violation(res, `openai: unknown video ${m[1]}`, 404);
    if (!this.sameChannel(job.key, key)) return this.violation(res, `openai: video ${job.id} polled with another channel's key`, 404);
    // OpenAI's answer for a video it does not have.
    const notFound = () => error(res, 404, { message: `Video with id '${job.id}' not found.`, type: 'invalid_request_error', param: null, code: null });
    if (!this.sees(job, key)) return notFound();
    if (!m[2]) {
      const pollStatus = this.scriptOf(job.key).pollStatus;
      if (pollStatus === 404) return notFound();
      if (pollStatus) return error(res, pollStatus, { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null });
      job.polls += 1;
      const status = statusOf(job);
      if (status === 'gone') return notFound();
      return json(res, openaiVideo(job, status));
    }
    if (url.searchParams.get('variant') !== 'video') return this.violation(res, `openai: variant ${url.searchParams.get('variant')}`);
    if (statusOf(job) !== 'completed') return this.violation(res, `openai: content of ${job.id} before it completed`);
    return sendFile(res, job.script.fileBytes, (n) => (this.fileBytesSent += n));
  }

  private gemini(req: http.IncomingMessage, res: http.ServerResponse, path: string, url: URL, body: Buffer): Promise<void> | void {
    const key = req.headers['x-goog-api-key'];
    if (typeof key !== 'string' || !this.knownKey(key)) return this.violation(res, `gemini: unknown key '${String(key)}'`, 400);
    if (url.searchParams.has('key')) return this.violation(res, 'gemini: key in the query');
    const create = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(path);
    if (req.method === 'POST' && create) {
      const request = JSON.parse(body.toString('utf8')) as { instances?: { prompt?: unknown; image?: { bytesBase64Encoded?: unknown; mimeType?: unknown } }[]; parameters?: Record<string, unknown> };
      const fields = { ...request.parameters, prompt: request.instances?.[0]?.prompt, image: request.instances?.[0]?.image !== undefined };
      this.requests.push({ api: 'gemini', method: 'POST', path, key, fields });
      if (request.instances?.length !== 1 || typeof request.instances[0].prompt !== 'string' || request.instances[0].prompt === '') return this.violation(res, 'gemini: instances[0].prompt');
      const p = request.parameters ?? {};
      if (!VEO_SECONDS.includes(p.durationSeconds as number)) return this.violation(res, `gemini: durationSeconds ${String(p.durationSeconds)}`);
      if (p.aspectRatio !== '16:9' && p.aspectRatio !== '9:16') return this.violation(res, `gemini: aspectRatio ${String(p.aspectRatio)}`);
      if (p.resolution !== '720p' && p.resolution !== '1080p') return this.violation(res, `gemini: resolution ${String(p.resolution)}`);
      const script = this.scriptOf(key);
      if (script.createStatus) {
        res.writeHead(script.createStatus, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: script.createStatus, message: 'overloaded', status: 'UNAVAILABLE' } }));
        return;
      }
      const id = randomBytes(8).toString('hex');
      const job: Job = { api: 'gemini', id, key, model: create[1], seconds: String(p.durationSeconds), size: `${String(p.aspectRatio)} ${String(p.resolution)}`, polls: 0, script };
      this.jobs.set(id, job);
      return json(res, { name: `models/${create[1]}/operations/${id}` });
    }
    const poll = /^\/v1beta\/models\/([^/]+)\/operations\/([^/]+)$/.exec(path);
    const download = /^\/v1beta\/files\/([^/:]+):download$/.exec(path);
    if (req.method !== 'GET' || (!poll && !download)) return this.violation(res, `gemini: ${req.method} ${path}`, 404);
    this.requests.push({ api: 'gemini', method: 'GET', path, key });
    const job = this.jobs.get((poll ? poll[2] : download![1]) ?? '');
    if (!job || job.api !== 'gemini' || (poll && job.model !== poll[1])) return this.violation(res, `gemini: unknown operation ${path}`, 404);
    if (!this.sameChannel(job.key, key)) return this.violation(res, `gemini: ${path} with another channel's key`, 404);
    const name = `models/${job.model}/operations/${job.id}`;
    // Google's answer for an operation (or file) it does not have.
    const notFound = () => error(res, 404, { code: 404, message: `${poll ? 'Operation' : 'File'} not found: ${poll ? name : job.id}`, status: 'NOT_FOUND' });
    if (!this.sees(job, key)) return notFound();
    if (poll) {
      const pollStatus = this.scriptOf(job.key).pollStatus;
      if (pollStatus === 404) return notFound();
      if (pollStatus) return error(res, pollStatus, { code: pollStatus, message: 'An internal error has occurred.', status: 'INTERNAL' });
      job.polls += 1;
      const status = statusOf(job);
      if (status === 'gone') return notFound();
      if (status !== 'completed' && status !== 'failed') return json(res, { name, done: false, metadata: {} });
      if (status === 'failed' && job.script.outcome === 'cancel') return json(res, { name, done: true, error: { code: 1, message: 'The operation was cancelled.', status: 'CANCELLED' } });
      if (status === 'failed') return json(res, { name, done: true, error: { code: 3, message: 'The prompt was blocked.', status: 'INVALID_ARGUMENT' } });
      const uri = `${this.url}/v1beta/files/${job.id}:download?alt=media`;
      return json(res, { name, done: true, response: { '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse', generateVideoResponse: { generatedSamples: [{ video: { uri } }] } } });
    }
    if (url.searchParams.get('alt') !== 'media') return this.violation(res, 'gemini: download without alt=media');
    if (statusOf(job) !== 'completed') return this.violation(res, `gemini: download of ${job.id} before it completed`);
    return sendFile(res, job.script.fileBytes, (n) => (this.fileBytesSent += n));
  }
}

/** Where the job is after its polls so far (`gone`: forgotten). */
function statusOf(job: Job): 'queued' | 'in_progress' | 'completed' | 'failed' | 'gone' {
  if (job.polls <= job.script.pollsUntilDone) return job.polls === 0 ? 'queued' : 'in_progress';
  return job.script.outcome === 'complete' ? 'completed' : job.script.outcome === 'forget' ? 'gone' : 'failed';
}

function openaiVideo(job: Job, status: Exclude<ReturnType<typeof statusOf>, 'gone'>): Record<string, unknown> {
  return {
    id: job.id,
    object: 'video',
    model: job.model,
    status,
    progress: status === 'completed' ? 100 : status === 'in_progress' ? 50 : 0,
    created_at: 1_700_000_000,
    completed_at: status === 'completed' || status === 'failed' ? 1_700_000_100 : null,
    expires_at: status === 'completed' ? 1_700_086_400 : null,
    error: status === 'failed' ? { code: 'moderation_blocked', message: 'The prompt was blocked.' } : null,
    prompt: 'ignored',
    remixed_from_video_id: null,
    seconds: job.seconds,
    size: job.size,
  };
}

function json(res: http.ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** An error answer in the API's envelope (`{ error }`), not a violation: the upstream's own word. */
function error(res: http.ServerResponse, status: number, body: Record<string, unknown>): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: body }));
}

const CHUNK = 64 * 1024;
const PATTERN = Buffer.from(Array.from({ length: CHUNK }, (_, i) => fileByte(i)));

/** Writes `size` bytes of {@link fileByte}, 64 KiB at a time, waiting for the socket to drain. */
async function sendFile(res: http.ServerResponse, size: number, sent: (bytes: number) => void): Promise<void> {
  res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(size) });
  for (let offset = 0; offset < size; offset += CHUNK) {
    // The pattern repeats every 256 bytes, so every chunk starts alike; a copy, as the socket keeps what it is given.
    const chunk = Buffer.from(PATTERN.subarray(0, Math.min(CHUNK, size - offset)));
    sent(chunk.length);
    if (!res.write(chunk)) await once(res, 'drain');
    if (res.destroyed) return;
  }
  res.end();
}
