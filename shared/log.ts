/** Minimal structured logger: one JSON object per line on stdout/stderr. Never pass secrets to it. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** A logger bound to a component name. */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

function currentLevel(): LogLevel {
  const v = process.env.LOG_LEVEL;
  return v === 'debug' || v === 'info' || v === 'warn' || v === 'error' || v === 'silent' ? v : 'info';
}

/** A logger for `component`; the level comes from LOG_LEVEL (default info). */
export function createLogger(component: string): Logger {
  const write = (level: LogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < ORDER[currentLevel()]) return;
    const line = JSON.stringify({ t: new Date().toISOString(), level, component, msg, ...fields });
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
