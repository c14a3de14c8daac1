import { readControlPlaneConfig } from '../../control-plane/config.js';
import { readDataPlaneConfig } from '../../data-plane/config.js';
import { isConsolePath } from '../../shared/console-paths.js';

test('CONSOLE_ORIGINS: a comma-separated list of origins, nothing else', () => {
  expect(readControlPlaneConfig({}, false).consoleOrigins).toEqual([]);
  expect(readControlPlaneConfig({ CONSOLE_ORIGINS: 'https://a.example.com, http://127.0.0.1:5173,' }, false).consoleOrigins).toEqual(['https://a.example.com', 'http://127.0.0.1:5173']);
  expect(() => readControlPlaneConfig({ CONSOLE_ORIGINS: 'https://a.example.com/console' }, false)).toThrow(/CONSOLE_ORIGINS/);
  expect(() => readControlPlaneConfig({ CONSOLE_ORIGINS: '*' }, false)).toThrow(/CONSOLE_ORIGINS/);
});

test('PUBLIC_NODES: name=address pairs, trailing slashes dropped', () => {
  expect(readControlPlaneConfig({ PUBLIC_NODES: 'domestic=https://api.example.cn/,overseas=https://api.example.com' }, false).publicNodes).toEqual([
    { name: 'domestic', baseUrl: 'https://api.example.cn' },
    { name: 'overseas', baseUrl: 'https://api.example.com' },
  ]);
  expect(() => readControlPlaneConfig({ PUBLIC_NODES: 'https://api.example.com' }, false)).toThrow(/PUBLIC_NODES/);
  expect(() => readControlPlaneConfig({ PUBLIC_NODES: 'a=ftp://x' }, false)).toThrow(/PUBLIC_NODES/);
});

test('STATUS_HOST is a host name; CONSOLE_URL an http(s) address', () => {
  expect(readControlPlaneConfig({ STATUS_HOST: 'status.example.com' }, false).statusHost).toBe('status.example.com');
  expect(() => readControlPlaneConfig({ STATUS_HOST: 'https://status.example.com' }, false)).toThrow(/STATUS_HOST/);
  expect(readDataPlaneConfig({ CONSOLE_URL: 'https://console.example.com/' }, false).consoleUrl).toBe('https://console.example.com');
  expect(() => readDataPlaneConfig({ CONSOLE_URL: 'console.example.com' }, false)).toThrow(/CONSOLE_URL/);
});

test('console paths: the pages and the admin area, not the API', () => {
  for (const path of ['/', '/register', '/groupAvailability', '/status', '/admin', '/admin/channels']) expect(isConsolePath(path)).toBe(true);
  for (const path of ['/v1/models', '/v1/chat/completions', '/graphql', '/healthz', '/administrator', '/register/x']) expect(isConsolePath(path)).toBe(false);
});
