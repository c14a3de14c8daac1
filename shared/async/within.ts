/**
 * Whether `promise` resolves within `ms` milliseconds: a bounded wait for something that goes on
 * in the background (its rejection counts as "not yet"; the promise's other readers see it).
 */
export async function resolvesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
