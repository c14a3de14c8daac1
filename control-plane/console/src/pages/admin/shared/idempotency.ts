/**
 * A fresh key for one money operation (a dialog's submissions share it, so a retry after a lost
 * answer changes nothing twice). `getRandomValues` works outside secure contexts too, unlike
 * `randomUUID`, so a console served over plain http on a private network still gets one.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `console-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
