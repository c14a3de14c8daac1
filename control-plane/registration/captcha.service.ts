import { randomInt, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { EphemeralStore } from '../../shared/ports/ephemeral-store.js';
import { badInput } from '../graphql/errors.js';

/** What a captcha guards; one solved for one purpose is refused for the other. */
export enum CaptchaPurpose {
  EMAIL_CODE = 'EMAIL_CODE',
  REGISTER = 'REGISTER',
  LOGIN = 'LOGIN',
}

/** A captcha as handed to the client: the image only, never the answer. */
export interface IssuedCaptcha {
  id: string;
  /** SVG markup. */
  image: string;
  expiresAt: Date;
}

/** Captchas are valid this long. */
const CAPTCHA_TTL_MS = 5 * 60_000;

// Characters that are easy to tell apart when drawn (no 0/O, 1/l/I).
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 5;

/** The package's default export renders given text, but its typings only declare the other exports. */
const renderSvg = svgCaptcha as unknown as (text: string, options: { width: number; height: number; fontSize: number; noise: number; color: boolean }) => string;

interface Stored {
  purpose: CaptchaPurpose;
  answer: string;
  expiresAt: number;
}

/**
 * Image captchas, generated and checked server-side. The answer lives only in the EphemeralStore
 * (so any control-plane instance can check it) and is consumed by the first attempt, right or
 * wrong, and by an attempt for the wrong purpose.
 */
export class CaptchaService {
  constructor(
    private readonly store: EphemeralStore,
    private readonly now: () => number,
    /** Where answers come from; tests and embedders may replace it. */
    private readonly answer: () => string = randomAnswer,
  ) {}

  /** Draws a new captcha for `purpose`. */
  async create(purpose: CaptchaPurpose): Promise<IssuedCaptcha> {
    const id = randomUUID();
    const answer = this.answer();
    const expiresAt = this.now() + CAPTCHA_TTL_MS;
    const stored: Stored = { purpose, answer: answer.toLowerCase(), expiresAt };
    await this.store.put(key(id), JSON.stringify(stored), CAPTCHA_TTL_MS);
    const image = renderSvg(answer, { width: 150, height: 50, fontSize: 50, noise: 3, color: true });
    return { id, image, expiresAt: new Date(expiresAt) };
  }

  /**
   * Checks an answer (case-insensitive) and consumes the captcha whatever the outcome. Wrong,
   * expired, used or other-purpose captchas are BAD_USER_INPUT on `answerField`.
   */
  async verify(purpose: CaptchaPurpose, id: string, answer: string, answerField: string): Promise<void> {
    const raw = await this.store.take(key(id));
    const stored = raw === null ? null : (JSON.parse(raw) as Stored);
    if (!stored || stored.purpose !== purpose || stored.expiresAt <= this.now()) {
      throw badInput(answerField, 'the captcha has expired or was already used; request a new one');
    }
    if (stored.answer !== answer.trim().toLowerCase()) throw badInput(answerField, 'wrong captcha answer; request a new captcha');
  }
}

function key(id: string): string {
  return `captcha:${id}`;
}

function randomAnswer(): string {
  let out = '';
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
