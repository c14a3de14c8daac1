import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError, envVar, readEnv } from '../../shared/config/env.js';
import { readControlPlaneConfig } from '../../control-plane/config.js';
import { readDataPlaneConfig } from '../../data-plane/config.js';
import { tempDataDir } from '../support/data-plane.js';

const part = z.object({ PORT: envVar.port(80), URL: envVar.url(['https']), ON: envVar.flag(), NAME: envVar.required() });

test('defaults fill unset and empty variables; values are typed by their schemas', () => {
  expect(readEnv({ NAME: 'a', PORT: '', URL: 'https://x.test' }, { p: part }).p).toEqual({ PORT: 80, URL: 'https://x.test', ON: false, NAME: 'a' });
  expect(readEnv({ NAME: 'a', PORT: '0', ON: '1' }, { p: part }).p).toMatchObject({ PORT: 0, ON: true });
});

test('one ConfigError names every variable that is wrong, across parts, with what is wrong', () => {
  const other = z.object({ LIMIT: envVar.integer(1, 1, 9) });
  let error: unknown;
  try {
    readEnv({ PORT: '70000', URL: 'http://x.test', ON: 'yes', LIMIT: '1.5' }, { p: part, other });
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).variable).toBe('PORT, URL, ON, NAME, LIMIT');
  expect((error as ConfigError).message).toBe(
    'PORT: must be an integer from 0 to 65535, got "70000"; URL: must use https, got http:; ON: must be 0 or 1; NAME: is required but not set; LIMIT: must be an integer from 1 to 9, got "1.5"',
  );
  expect(() => readEnv({ NAME: 'a', URL: 'not a url' }, { p: part })).toThrow('URL: is not a valid URL');
});

test('a split control plane names each missing variable; settings that come in pairs are checked together', () => {
  expect(() => readControlPlaneConfig({ MAIL_TO_LOG: '1' }, true)).toThrow('DATABASE_URL: is required but not set; SECRET_KEY: is required but not set; REDIS_URL: is required but not set');
  expect(() => readControlPlaneConfig({ ADMIN_USERNAME: 'admin' }, false)).toThrow('ADMIN_PASSWORD: must be set together with its pair');
  expect(readControlPlaneConfig({ DEFAULT_ACCOUNT_RPM: '60' }, false).defaultAccountLimits).toEqual({ rpm: 60, tpm: null, concurrency: null });
});

test('UPLOAD_DIR is checked at start: a missing, non-directory or unwritable one stops the data plane with a ConfigError', async () => {
  const dir = await tempDataDir();
  try {
    const file = join(dir.path, 'a-file');
    await writeFile(file, 'x');
    expect(readDataPlaneConfig({ UPLOAD_DIR: dir.path }, false).uploadDir).toBe(dir.path);
    // The check's probe leaves nothing behind.
    expect(await readdir(dir.path)).toEqual(['a-file']);
    const refusal = (uploadDir: string) => {
      try {
        readDataPlaneConfig({ UPLOAD_DIR: uploadDir }, false);
      } catch (err) {
        return err;
      }
      return undefined;
    };
    expect(refusal(join(dir.path, 'missing'))).toMatchObject({ name: 'ConfigError', message: `UPLOAD_DIR: "${join(dir.path, 'missing')}" does not exist` });
    expect(refusal(file)).toMatchObject({ name: 'ConfigError', message: `UPLOAD_DIR: "${file}" is not a directory` });
    // procfs takes no new directory, whoever asks (root too, which permission bits would not stop).
    expect(refusal('/proc')).toMatchObject({ name: 'ConfigError', message: expect.stringMatching(/^UPLOAD_DIR: "\/proc" is not writable \(E[A-Z]+\)$/) });
  } finally {
    await dir.remove();
  }
});
