import { CONSOLE_PATHS } from '../../../../../../shared/console-paths';

/** Where an account's own administration page is. */
export function accountPath(accountId: string): string {
  return `${CONSOLE_PATHS.admin}/accounts/${accountId}`;
}
