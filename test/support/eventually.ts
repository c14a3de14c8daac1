/**
 * Polls `check` until it holds: until it returns something other than `false` without throwing,
 * which is then returned. Past `timeoutMs` it throws, naming `what` and the last failure. The
 * bound is generous for a busy machine; a check that holds returns at once.
 */
export async function eventually<T>(check: () => Promise<T>, what: string, timeoutMs = 20_000): Promise<Exclude<T, false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure = `not within ${timeoutMs} ms`;
    try {
      const value = await check();
      if (value !== false) return value as Exclude<T, false>;
    } catch (err) {
      failure = (err as Error).message;
    }
    if (Date.now() > deadline) throw new Error(`${what}: ${failure}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
