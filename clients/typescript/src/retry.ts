/**
 * How long to wait before trying a 503 again: the answer's Retry-After (seconds or an HTTP date), at most
 * `maxWaitMs`, or else an exponential backoff (0.5 s, 1 s, 2 s... at most 8 s, as the Python client waits);
 * and a wait that the caller's AbortSignal cuts short.
 */

const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 8000;

/** The wait before retry number `attempt + 1` (0 for the first retry) after `response`. */
export function retryDelayMs(response: Response, attempt: number, maxWaitMs: number): number {
  const header = response.headers.get("Retry-After")?.trim();
  let wait: number | undefined;
  if (header) {
    if (/^\d+$/.test(header)) {
      wait = Number(header) * 1000;
    } else {
      const when = Date.parse(header);
      if (!Number.isNaN(when)) wait = Math.max(0, when - Date.now());
    }
  }
  wait ??= Math.min(BACKOFF_FIRST_MS * 2 ** attempt, BACKOFF_MAX_MS);
  return Math.min(wait, maxWaitMs);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
