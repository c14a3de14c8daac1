import type { z } from 'zod';
import { zod } from '../zod.js';

/** One variable that is wrong, and what is wrong with it. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

/**
 * Configuration comes from environment variables only, validated once at start with zod schemas.
 * Missing or malformed variables stop the process with one message naming each and what is wrong.
 */
export class ConfigError extends Error {
  /** The variables that are wrong, comma-separated. */
  readonly variable: string;

  constructor(readonly problems: ConfigProblem[]) {
    super(problems.map((p) => `${p.variable}: ${p.message}`).join('; '));
    this.name = 'ConfigError';
    this.variable = problems.map((p) => p.variable).join(', ');
  }
}

type Source = Record<string, string | undefined>;

/**
 * A part of the configuration: an object schema keyed by variable names, usually with a
 * transform to the settings it yields. Each variable's schema sees its text, or undefined when
 * unset or empty; a problem is reported on the variable (`path: [name]`) with what is wrong.
 */
export type EnvSchema = z.ZodType<unknown, Source>;

/** Schemas of single variables, for the parts' object schemas. */
export const envVar = {
  /** An optional string. */
  string: () => zod.string().optional(),

  /** A required string. */
  required: () => zod.string({ error: 'is required but not set' }),

  /** An integer within [min, max], `fallback` when unset. */
  integer: (fallback: number, min: number, max: number) =>
    zod
      .string()
      .refine((v) => /^-?\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
        error: (issue) => `must be an integer from ${min} to ${max}, got "${String(issue.input)}"`,
      })
      .transform(Number)
      .default(fallback),

  /** A TCP port (0 means "any free port"). */
  port: (fallback: number) => envVar.integer(fallback, 0, 65535),

  /** An optional URL whose scheme is one of `schemes`. */
  url: (schemes: string[]) =>
    zod
      .string()
      .superRefine((v, ctx) => {
        const scheme = URL.canParse(v) ? new URL(v).protocol : undefined;
        if (scheme === undefined) ctx.addIssue({ code: 'custom', message: 'is not a valid URL' });
        else if (!schemes.includes(scheme.replace(/:$/, ''))) ctx.addIssue({ code: 'custom', message: `must use ${schemes.join(' or ')}, got ${scheme}` });
      })
      .optional(),

  /** An optional value matching `pattern`, described by `what` in the error. */
  matching: (pattern: RegExp, what: string) => zod.string().regex(pattern, { error: `must be ${what}` }).optional(),

  /** A switch: "1" on, "0" or unset off. */
  flag: () =>
    zod
      .enum(['0', '1'], { error: 'must be 0 or 1' })
      .optional()
      .transform((v) => v === '1'),

  /** A comma-separated list, trimmed, empty entries dropped. */
  list: () =>
    zod
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
};

/**
 * Reads every part from `source` (empty values count as unset) and returns each part's output;
 * throws one ConfigError naming every variable that is wrong, across all parts.
 */
export function readEnv<const P extends Record<string, EnvSchema>>(source: Source, parts: P): { [K in keyof P]: z.output<P[K]> } {
  const env: Source = {};
  for (const [name, value] of Object.entries(source)) if (value !== '') env[name] = value;
  const problems: ConfigProblem[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(parts)) {
    const parsed = schema.safeParse(env);
    if (parsed.success) out[key] = parsed.data;
    else for (const issue of parsed.error.issues) problems.push({ variable: String(issue.path[0] ?? key), message: issue.message });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return out as { [K in keyof P]: z.output<P[K]> };
}

/** Records a problem on one variable from a part's cross-variable check (`superRefine`). */
export function problem(ctx: z.RefinementCtx, variable: string, message: string): void {
  ctx.addIssue({ code: 'custom', path: [variable], message });
}
