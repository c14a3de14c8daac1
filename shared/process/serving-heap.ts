import { setFlagsFromString } from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring in a process that serves model traffic (a data plane,
 * or all-in-one), first thing at its start.
 *
 * Why: with it on, a busy data plane can fall, for its whole life, into promoting far more per
 * young-generation collection than its peers: V8 moves the objects of an allocation site straight
 * to the old generation once many of them survived a collection, but a request's objects made
 * there die young anyway, and until the next full collection they keep the young objects they
 * point at alive, which get promoted in turn. Such a process pays much longer collection pauses
 * per request and serves markedly fewer requests; with pretenuring off, none does, and the
 * others' pauses are no longer.
 *
 * Set at run time rather than on the command line so that every way of starting a data plane
 * (npm scripts, a container's own `node` command, the benchmarks) gets it; the flag is read when
 * V8 decides, at each collection, so setting it before any traffic is enough.
 */
export function tuneHeapForServing(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
