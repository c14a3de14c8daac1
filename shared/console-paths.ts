/**
 * The web console's pages, by path. The console's router is built from these, and a data plane
 * redirects a browser's GET of any of them (and of `/`) to the console's public address, so that
 * `{base_url}/register` and `{overseas_base_url}/groupAvailability` work as the service describes.
 */
export const CONSOLE_PATHS = {
  home: '/',
  register: '/register',
  login: '/login',
  dashboard: '/dashboard',
  tokens: '/tokens',
  playground: '/playground',
  wallet: '/wallet',
  usage: '/usage',
  feeList: '/pricing',
  availability: '/groupAvailability',
  status: '/status',
  account: '/account',
  admin: '/admin',
} as const;

/** True when `path` is one of the console's pages or below the admin area. */
export function isConsolePath(path: string): boolean {
  if (path === CONSOLE_PATHS.admin || path.startsWith(`${CONSOLE_PATHS.admin}/`)) return true;
  return (Object.values(CONSOLE_PATHS) as string[]).includes(path);
}
