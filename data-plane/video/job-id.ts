/**
 * The video job ids the gateway gives its clients. A job lives upstream (an OpenAI video id, a
 * Gemini operation name) on one channel; the id names both, so any data plane that gets a poll
 * reaches the right upstream without asking anyone. It is signed with SECRET_KEY (every node
 * shares it) over the owner's account id too: an id cannot be forged or edited, and an id shown
 * to another account does not verify for it (answered 404, like an id that never existed). The
 * account id itself is not in the id.
 *
 *   video_<base64url(JSON [channel id, upstream job id, created at (epoch s)])>.<HMAC base64url>
 */
import type { SecretBox } from '../../shared/crypto/secrets.js';

/** What a job id names. */
export interface VideoJobRef {
  /** The channel the job was created on. */
  channelId: string;
  /** The upstream's id of the job (OpenAI `video_...`, Gemini `models/.../operations/...`). */
  upstreamId: string;
  /** When the gateway created it, epoch seconds. */
  createdAt: number;
}

const PREFIX = 'video_';
/** Longest id accepted for decoding (a channel id and an upstream id are far shorter). */
const MAX_ID_LENGTH = 2048;

/** What the signature covers: the encoded reference and the owner's account. */
function signed(encoded: string, accountId: string): string {
  return `video-job\n${accountId}\n${encoded}`;
}

/** The client's id of the job `ref`, owned by `accountId`. */
export function encodeVideoJobId(secrets: SecretBox, accountId: string, ref: VideoJobRef): string {
  const encoded = Buffer.from(JSON.stringify([ref.channelId, ref.upstreamId, ref.createdAt])).toString('base64url');
  return `${PREFIX}${encoded}.${secrets.sign(signed(encoded, accountId))}`;
}

/**
 * The reference in `id` when `accountId` owns it; undefined for anything else (malformed, forged,
 * edited, or another account's), which callers answer as an unknown job.
 */
export function decodeVideoJobId(secrets: SecretBox, accountId: string, id: string): VideoJobRef | undefined {
  if (id.length > MAX_ID_LENGTH || !id.startsWith(PREFIX)) return undefined;
  const dot = id.indexOf('.', PREFIX.length);
  if (dot === -1) return undefined;
  const encoded = id.slice(PREFIX.length, dot);
  if (!secrets.verify(signed(encoded, accountId), id.slice(dot + 1))) return undefined;
  try {
    const parts: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (!Array.isArray(parts) || parts.length !== 3) return undefined;
    const [channelId, upstreamId, createdAt] = parts as unknown[];
    if (typeof channelId !== 'string' || typeof upstreamId !== 'string' || typeof createdAt !== 'number') return undefined;
    return { channelId, upstreamId, createdAt };
  } catch {
    return undefined; // signed by us, so never in practice; a bad id is still only a 404
  }
}
