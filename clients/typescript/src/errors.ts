/**
 * What can go wrong, as classes a caller tells apart with `instanceof`: the service refused the request
 * (ShowdownProblem, with every problem's JSON pointer, so a form can put each message at its field), or no
 * answer came (ShowdownTransportError; ShowdownTimeoutError when the timeout passed). A call the caller's own
 * AbortSignal aborts rejects with the signal's reason, as fetch itself does, not with one of these.
 */

import type { Problem, ProblemError } from "./types.js";

/** The root of this package's errors. */
export class ShowdownError extends Error {
  // Spelled out: a minifier renames classes, and `name` is what a log shows.
  override name = "ShowdownError";
  /** The X-Request-ID of the call: the one the server echoed, or else the one sent. */
  readonly requestId: string | undefined;

  constructor(message: string, requestId: string | undefined, options?: { cause?: unknown }) {
    super(message, options);
    this.requestId = requestId;
  }
}

/**
 * An RFC 9457 problem answer: `status` (400, 404, 422, 503...), `type` (a URI whose last segment, `slug`, is
 * stable: `invalid-showdown`, `over-limit`...), `title`, `detail`, and for a 422 `errors`: every problem found,
 * each with its `pointer` into the request body, its `detail` and its `code`.
 */
export class ShowdownProblem extends ShowdownError {
  override name = "ShowdownProblem";
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: readonly ProblemError[];

  constructor(problem: Problem, requestId: string | undefined) {
    super(`${problem.status} ${problem.title}: ${problem.detail}`, requestId);
    this.status = problem.status;
    this.type = problem.type;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors ?? [];
  }

  /** The last segment of `type`: `invalid-request`, `invalid-showdown`, `over-limit`... */
  get slug(): string {
    return this.type.replace(/\/+$/, "").split("/").pop() ?? this.type;
  }

  /** Each problem's detail by its JSON pointer (several at one pointer joined by "; "), for a form's fields. */
  get byPointer(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const { pointer, detail } of this.errors) {
      found[pointer] = pointer in found ? `${found[pointer]}; ${detail}` : detail;
    }
    return found;
  }
}

/** No answer: the server could not be reached, or the connection broke before the answer was read. */
export class ShowdownTransportError extends ShowdownError {
  override name = "ShowdownTransportError";
}

/** No answer within the client's `timeoutMs` (for one attempt). */
export class ShowdownTimeoutError extends ShowdownTransportError {
  override name = "ShowdownTimeoutError";
}
