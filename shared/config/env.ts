/**
 * Configuration comes from environment variables only, validated once at start.
 * A missing or malformed variable stops the process with a message naming it.
 */
export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Source = Record<string, string | undefined>;

/** Reads typed variables from an environment object, collecting every problem before failing. */
export class EnvReader {
  private readonly problems: ConfigError[] = [];

  constructor(private readonly source: Source = process.env) {}

  /** An optional string; empty counts as unset. */
  string(name: string): string | undefined {
    const v = this.source[name];
    return v === undefined || v === '' ? undefined : v;
  }

  /** A required string. */
  required(name: string): string {
    const v = this.string(name);
    if (v === undefined) this.problems.push(new ConfigError(name, 'is required but not set'));
    return v ?? '';
  }

  /** A TCP port (0 means "any free port"). */
  port(name: string, fallback: number): number {
    return this.integer(name, fallback, 0, 65535);
  }

  /** An integer within [min, max]. */
  integer(name: string, fallback: number, min: number, max: number): number {
    const v = this.string(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!/^-?\d+$/.test(v) || n < min || n > max) {
      this.problems.push(new ConfigError(name, `must be an integer from ${min} to ${max}, got "${v}"`));
      return fallback;
    }
    return n;
  }

  /** An optional URL whose scheme is one of `schemes`. */
  url(name: string, schemes: string[]): string | undefined {
    const v = this.string(name);
    if (v === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(v);
    } catch {
      this.problems.push(new ConfigError(name, 'is not a valid URL'));
      return undefined;
    }
    if (!schemes.includes(parsed.protocol.replace(/:$/, ''))) {
      this.problems.push(new ConfigError(name, `must use ${schemes.join(' or ')}, got ${parsed.protocol}`));
      return undefined;
    }
    return v;
  }

  /** A value matching `pattern`, described by `what` in the error. */
  matching(name: string, pattern: RegExp, what: string): string | undefined {
    const v = this.string(name);
    if (v !== undefined && !pattern.test(v)) {
      this.problems.push(new ConfigError(name, `must be ${what}`));
      return undefined;
    }
    return v;
  }

  /** Records a problem found by a check of the caller's own. */
  problem(name: string, message: string): void {
    this.problems.push(new ConfigError(name, message));
  }

  /** Throws one ConfigError listing every problem found so far. */
  done(): void {
    if (this.problems.length === 1) throw this.problems[0];
    if (this.problems.length > 1) {
      throw new ConfigError(this.problems.map((p) => p.variable).join(', '), this.problems.map((p) => p.message).join('; '));
    }
  }
}
