/**
 * Structured logs through pino: one JSON object per line (`time`, `level`, `component`, the
 * fields, `msg`), debug and info on stdout, warn and error on stderr; on a terminal, pino-pretty's
 * readable lines instead. The level is LOG_LEVEL's (default info), read when the first line is
 * written, so a process may set it before logging.
 *
 * Fields that carry secrets are replaced by `[redacted]` by their name (see {@link REDACTED_PATHS}),
 * at the top of a line's fields and one object deep. That is a safety net, not a licence: never
 * log a secret on purpose.
 */
import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger as Pino } from 'pino';

/** The levels LOG_LEVEL accepts. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A logger bound to a component name (and, for a child, more fields such as a request id). */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** A logger whose every line also carries `bindings` (a request's logger carries its `requestId`). */
  child(bindings: Record<string, unknown>): Logger;
}

/** Field names whose values never reach a log line: keys, passwords, codes, session tokens, secrets. */
const SECRET_FIELDS = [
  'key',
  'apiKey',
  'upstreamKey',
  'password',
  'currentPassword',
  'newPassword',
  'passwordConfirmation',
  'code',
  'emailCode',
  'redemptionCode',
  'captchaAnswer',
  'token',
  'sessionToken',
  'session',
  'secret',
  'secretKey',
  'authorization',
  'cookie',
  'x-api-key',
  'x-goog-api-key',
];

/** pino redaction paths: each secret field at the top of the fields and inside any object there (`headers`, `input`, ...). */
export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => {
  const path = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
  return [path, path.startsWith('[') ? `*${path}` : `*.${path}`];
});

/** Whether `value` is a valid LOG_LEVEL. */
export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

let root: Pino | undefined;
/** Bumped when the root is replaced: component loggers then make their pino child again. */
let generation = 0;
let redirected: DestinationStream | undefined;

/** Where lines go: a terminal gets pino-pretty, anything else JSON lines (warnings and errors on stderr). */
function destination(): DestinationStream {
  if (redirected) return redirected;
  if (process.stdout.isTTY) {
    // Loaded only for a terminal: a server writing to a pipe never pays for it.
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
    return pretty({ destination: 1, sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  }
  return pino.multistream(
    [
      { level: 'debug', stream: pino.destination({ dest: 1, sync: true }) },
      { level: 'warn', stream: pino.destination({ dest: 2, sync: true }) },
    ],
    { dedupe: true },
  );
}

function rootLogger(): Pino {
  if (!root) {
    const level = process.env.LOG_LEVEL && isLogLevel(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info';
    root = pino(
      {
        level,
        base: undefined,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      },
      destination(),
    );
  }
  return root;
}

/**
 * Sends every line to `stream` at `level` (null: back to stdout/stderr at LOG_LEVEL). For
 * embedders that collect logs themselves, and tests that read them.
 */
export function setLogDestination(stream: DestinationStream | null, level?: LogLevel): void {
  redirected = stream ?? undefined;
  root = undefined;
  generation++;
  if (stream && level) rootLogger().level = level;
}

/** A {@link Logger} over a pino child made when it first writes (a request's logger that never writes costs nothing). */
class PinoLogger implements Logger {
  private made: { generation: number; logger: Pino } | undefined;

  constructor(
    private readonly parent: () => Pino,
    private readonly bindings: Record<string, unknown>,
  ) {}

  private logger(): Pino {
    if (this.made?.generation !== generation) this.made = { generation, logger: this.parent().child(this.bindings) };
    return this.made.logger;
  }

  private write(level: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>): void {
    if (!rootLogger().isLevelEnabled(level)) return;
    this.logger()[level](fields ?? {}, msg);
  }

  debug(msg: string, fields?: Record<string, unknown>): void {
    this.write('debug', msg, fields);
  }

  info(msg: string, fields?: Record<string, unknown>): void {
    this.write('info', msg, fields);
  }

  warn(msg: string, fields?: Record<string, unknown>): void {
    this.write('warn', msg, fields);
  }

  error(msg: string, fields?: Record<string, unknown>): void {
    this.write('error', msg, fields);
  }

  child(bindings: Record<string, unknown>): Logger {
    return new PinoLogger(() => this.logger(), bindings);
  }
}

/** A logger for `component`; the level comes from LOG_LEVEL (default info). */
export function createLogger(component: string): Logger {
  return new PinoLogger(rootLogger, { component });
}
