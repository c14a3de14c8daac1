import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters of base62, each drawn uniformly (randomInt has no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

/** Hex SHA-256 of a UTF-8 string: how token keys and session ids are looked up without storing them. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Symmetric secrets derived from SECRET_KEY: AES-256-GCM for values stored or shipped encrypted
 * (token keys for their owner, upstream API keys in the database and the snapshot) and HMAC for
 * signatures. Each purpose gets its own key through HKDF, so one never doubles as the other.
 */
export class SecretBox {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;

  constructor(secretKey: string) {
    const ikm = Buffer.from(secretKey, 'utf8');
    this.encKey = Buffer.from(hkdfSync('sha256', ikm, 'meridian', 'encrypt', 32));
    this.macKey = Buffer.from(hkdfSync('sha256', ikm, 'meridian', 'sign', 32));
  }

  /** Encrypts to `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
  }

  /** Decrypts what `encrypt` produced; throws when the value was tampered with or made with another key. */
  decrypt(sealed: string): string {
    const [version, iv, tag, ct] = sealed.split('.');
    if (version !== 'v1' || iv === undefined || tag === undefined || ct === undefined) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** HMAC-SHA256 of `value`, base64url. */
  sign(value: string): string {
    return createHmac('sha256', this.macKey).update(value).digest('base64url');
  }

  /** Constant-time check of a signature made by `sign`. */
  verify(value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(value));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** Shows the first and last characters of a secret, enough to recognise it and no more. */
export function maskSecret(secret: string): string {
  if (secret.length <= 10) return '*'.repeat(secret.length);
  return `${secret.slice(0, 5)}...${secret.slice(-4)}`;
}
