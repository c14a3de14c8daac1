import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBase62 } from '../../shared/crypto/secrets.js';

/**
 * All-in-one mode without SECRET_KEY: a key generated on first start and kept in the data
 * directory (mode 600), so encrypted values and sessions survive restarts.
 */
export function loadOrCreateSecretKey(dataDir: string): string {
  const file = join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBase62(48);
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}
