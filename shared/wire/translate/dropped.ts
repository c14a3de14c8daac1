/** Telling the relay which client fields a translation left out (it logs them at debug level). */
import type { TranslateContext } from './translator.js';

/**
 * Reports every field of `body` that is not in `handled` as dropped, named with `prefix` when
 * `body` is nested (`generationConfig.` for the fields of a Gemini generation config).
 */
export function dropUnhandled(body: Record<string, unknown>, handled: ReadonlySet<string>, ctx: TranslateContext, prefix = ''): void {
  if (!ctx.dropped) return;
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && value !== null && !handled.has(key)) ctx.dropped(prefix + key);
  }
}

/** Reports the client headers among `names` that were sent but mean nothing to the target. */
export function dropHeaders(names: readonly string[], ctx: TranslateContext): void {
  for (const name of names) if (ctx.headers?.[name] !== undefined) ctx.dropped?.(`header ${name}`);
}

/** A header's value when it is one non-empty string. */
export function headerValue(ctx: TranslateContext, name: string): string | undefined {
  const value = ctx.headers?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
