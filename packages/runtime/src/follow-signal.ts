/**
 * Aborts `call` when `caller` aborts (at once when it already has), until the returned function
 * is called: a call follows its caller's signal only while it runs. So listeners never pile up
 * on a signal that outlives its calls (a server's shutdown signal), and a finished call's signal,
 * which a module may have kept, is not aborted afterwards. `AbortSignal.any([caller, ...])`
 * would link every call to the caller until the caller aborts, and Node 20 never drops the
 * link (nodejs/node#55351: one entry per call on a long-lived signal).
 *
 * @example
 * ```ts
 * const call = new AbortController();
 * const stopFollowing = followSignal(caller.signal, call);
 * try {
 *   await work(call.signal);
 * } finally {
 *   stopFollowing();
 * }
 * ```
 */
export function followSignal(caller: AbortSignal, call: AbortController): () => void {
  if (caller.aborted) {
    call.abort(caller.reason);
    return () => {};
  }
  const onAbort = () => call.abort(caller.reason);
  caller.addEventListener('abort', onAbort, { once: true });
  return () => caller.removeEventListener('abort', onAbort);
}
