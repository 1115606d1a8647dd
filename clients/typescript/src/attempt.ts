/**
 * One attempt's AbortSignal: aborted when the caller's signal aborts or when the timeout passes, whichever
 * comes first, and telling the two apart afterwards. (AbortSignal.any and AbortSignal.timeout would do it,
 * but Node 18 and React Native lack the first.)
 */

export interface Attempt {
  readonly signal: AbortSignal;
  /** Whether the timeout, not the caller, aborted the attempt. */
  timedOut(): boolean;
  /** Stops the timer and the listening; call it once the attempt is over. */
  done(): void;
}

export function startAttempt(callerSignal: AbortSignal | undefined, timeoutMs: number): Attempt {
  const controller = new AbortController();
  let expired = false;
  const onAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener("abort", onAbort, { once: true });
  const timer = Number.isFinite(timeoutMs)
    ? setTimeout(() => {
        expired = true;
        controller.abort();
      }, timeoutMs)
    : undefined;
  return {
    signal: controller.signal,
    timedOut: () => expired && !callerSignal?.aborted,
    done: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onAbort);
    },
  };
}
