import { setFlagsFromString } from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring in a process that serves model traffic (a data plane,
 * or all-in-one), first thing at its start.
 *
 * Why: with it on, a busy data plane sometimes ends up, for its whole life, promoting about 2 MB
 * per young-generation collection instead of 0.15 to 0.4 (V8 moves the objects of an allocation
 * site straight to the old generation once many of them survived a collection; a request's
 * objects made there die young anyway, and until the next full collection they keep the young
 * objects they point at alive, which get promoted in turn). Such a process paid 15 to 28 µs of
 * collection pauses per request against 4 to 8 and served up to half as many requests. Seen in 5
 * of 18 data plane processes started under load in session 12 (metered or not), and in none of 16
 * with pretenuring off, whose pauses were otherwise the same or lower (bench/README.md).
 *
 * Set at run time rather than on the command line so that every way of starting a data plane
 * (npm scripts, a container's own `node` command, the benchmarks) gets it; the flag is read when
 * V8 decides, at each collection, so setting it before any traffic is enough.
 */
export function tuneHeapForServing(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
