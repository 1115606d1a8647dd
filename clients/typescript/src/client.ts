/**
 * The client: one method per operation of openapi.yaml, named as the Python client names them, each a typed
 * call through openapi-fetch. Around every call: the X-Request-ID, a timeout per attempt, the caller's
 * AbortSignal, retries of a 503 after its Retry-After (bounded in count and wait), and every other non-2xx
 * answer thrown as a ShowdownProblem. Only fetch, AbortController and timers: no module of one platform.
 */

import createClient from "openapi-fetch";

import { startAttempt } from "./attempt.js";
import { ShowdownProblem, ShowdownTimeoutError, ShowdownTransportError } from "./errors.js";
import { REQUEST_ID_HEADER, newRequestId } from "./request-id.js";
import { retryDelayMs, sleep } from "./retry.js";
import type { paths } from "./schema.js";
import type {
  BatchItem,
  EquityRequest,
  EquityResponse,
  EvaluateRequest,
  HandEvaluation,
  ImageFormat,
  Problem,
  ShowdownRequest,
  ShowdownResponse,
  Variant,
  VariantSummary,
} from "./types.js";

export interface ShowdownClientOptions {
  /** The server, e.g. `https://showdown.example` (a trailing slash is fine). */
  baseUrl: string;
  /** How long one attempt may take, in milliseconds, answer read included (default 30 000). */
  timeoutMs?: number;
  /** How many times an answer 503 is tried again (default 3; 0: never). */
  retries?: number;
  /** The longest wait before a retry, whatever Retry-After asks, in milliseconds (default 30 000). */
  maxRetryAfterMs?: number;
  /** The fetch to call (default: the platform's `globalThis.fetch`, looked up at each call). */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request (an API gateway's key, say). */
  headers?: Record<string, string>;
  /** Told of every answer, retried 503s included: for logs and metrics. */
  onResponse?: (answer: AnswerInfo) => void;
}

/** One answer, as `onResponse` is told of it. */
export interface AnswerInfo {
  readonly url: string;
  readonly status: number;
  /** The X-Request-ID the server echoed (the one sent, when it echoed none). */
  readonly requestId: string;
  /** 0 for the first attempt, 1 for the first retry... */
  readonly attempt: number;
}

/** What each call may add. */
export interface CallOptions {
  /** Aborts the call (its attempts and the waits between them); the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The X-Request-ID to send (default: a fresh random one, the same for every attempt of the call). */
  requestId?: string;
}

/** What openapi-fetch answers, whatever the operation. */
interface Sent<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** What each attempt passes on to openapi-fetch (a type, not an interface: openapi-fetch wants it indexable). */
type AttemptInit = {
  signal: AbortSignal;
  headers: Record<string, string>;
};

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRIES = 3;
const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;

/**
 * Calls a Showdown server:
 *
 * ```ts
 * const client = new ShowdownClient({ baseUrl: "https://showdown.example" });
 * const result = await client.settle({ variant: "texas-holdem", board: [...], players: [...], pot: 300 });
 * console.log(result.summary, result.payouts);
 * ```
 *
 * Every request is stateless, so retrying a POST is safe. A non-2xx answer throws ShowdownProblem; no answer
 * throws ShowdownTransportError (ShowdownTimeoutError after `timeoutMs`).
 */
export class ShowdownClient {
  readonly baseUrl: string;
  private readonly api: ReturnType<typeof createClient<paths>>;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly maxRetryAfterMs: number;
  private readonly onResponse: ((answer: AnswerInfo) => void) | undefined;

  constructor(options: ShowdownClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retries = Math.max(0, Math.floor(options.retries ?? DEFAULT_RETRIES));
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    this.onResponse = options.onResponse;
    const chosen = options.fetch;
    this.api = createClient<paths>({
      baseUrl: this.baseUrl,
      headers: options.headers,
      // Looked up at each call, so that a fetch installed (or replaced) after the client was made is the one used.
      fetch: (request: Request) => (chosen ?? globalThis.fetch)(request),
    });
  }

  // --- Operations (their operationId in openapi.yaml) ----------------------------------------------------------

  /** `adjudicateShowdown`: every player's best hands and every pot divided. */
  settle(request: ShowdownRequest, options?: CallOptions): Promise<ShowdownResponse> {
    return this.call(options, (init) => this.api.POST("/v1/showdowns", { body: request, ...init }));
  }

  /** `adjudicateShowdownBatch`: each item answered on its own (a `result` or a `problem`), in order. */
  async settleBatch(requests: readonly ShowdownRequest[], options?: CallOptions): Promise<BatchItem[]> {
    const body = { showdowns: [...requests] };
    const answer = await this.call(options, (init) => this.api.POST("/v1/showdowns/batch", { body, ...init }));
    return answer.results;
  }

  /** `renderShowdown`: the adjudicated showdown as a PNG (the default) or SVG picture. */
  render(request: ShowdownRequest, format: ImageFormat = "png", options?: CallOptions): Promise<Blob> {
    return this.call(options, (init) => this.api.POST("/v1/showdowns/render", {
      body: request, params: { query: { format } }, parseAs: "blob", ...init,
    }));
  }

  /** `evaluateHand`: one player's best hand of each kind. */
  evaluate(request: EvaluateRequest, options?: CallOptions): Promise<HandEvaluation> {
    return this.call(options, (init) => this.api.POST("/v1/hands/evaluate", { body: request, ...init }));
  }

  /** `calculateEquities`: the odds mid-hand, over every runout of the unknown cards (or a seeded sample). */
  odds(request: EquityRequest, options?: CallOptions): Promise<EquityResponse> {
    return this.call(options, (init) => this.api.POST("/v1/equities", { body: request, ...init }));
  }

  /** `renderEquities`: the odds as a PNG (the default) or SVG picture, each player's share as a bar. */
  renderOdds(request: EquityRequest, format: ImageFormat = "png", options?: CallOptions): Promise<Blob> {
    return this.call(options, (init) => this.api.POST("/v1/equities/render", {
      body: request, params: { query: { format } }, parseAs: "blob", ...init,
    }));
  }

  /** `listVariants`: the catalog. */
  async variants(options?: CallOptions): Promise<VariantSummary[]> {
    const answer = await this.call(options, (init) => this.api.GET("/v1/variants", init));
    return answer.variants;
  }

  /** `getVariant`: one variant in full (by id or alias), with `example`, a request it can post as it is. */
  async variant(variantId: string, options?: CallOptions): Promise<Variant> {
    const answer = await this.call(options, (init) => this.api.GET("/v1/variants/{variant_id}", {
      params: { path: { variant_id: variantId } }, ...init,
    }));
    return answer as Variant;
  }

  /** `getVariantLayoutSvg`: a picture of the variant's board, as an SVG Blob (`await blob.text()` for markup). */
  layoutSvg(variantId: string, options?: CallOptions): Promise<Blob> {
    return this.call(options, (init) => this.api.GET("/v1/variants/{variant_id}/layout.svg", {
      params: { path: { variant_id: variantId } }, parseAs: "blob", ...init,
    }));
  }

  /**
   * `getReadiness`, tried once: whether the server answers and is ready (false for no answer, or any answer
   * but 200). An abort by the caller still rejects.
   */
  async ready(options?: CallOptions): Promise<boolean> {
    try {
      await this.call(options, (init) => this.api.GET("/readyz", init), 0);
      return true;
    } catch (error) {
      if (error instanceof ShowdownProblem || error instanceof ShowdownTransportError) return false;
      throw error;
    }
  }

  // --- HTTP ------------------------------------------------------------------------------------------------------

  /** Sends attempts until one is answered other than 503, or the retries are spent. */
  private async call<T>(options: CallOptions | undefined, send: (init: AttemptInit) => Promise<Sent<T>>,
                        retries: number = this.retries): Promise<T> {
    const callerSignal = options?.signal;
    const sentId = options?.requestId ?? newRequestId();
    for (let attempt = 0; ; attempt++) {
      const { response, data, error } = await this.attempt(send, callerSignal, sentId);
      const requestId = response.headers.get(REQUEST_ID_HEADER) ?? sentId;
      this.onResponse?.({ url: response.url, status: response.status, requestId, attempt });
      if (response.ok) return data as T;
      if (response.status === 503 && attempt < retries) {
        await sleep(retryDelayMs(response, attempt, this.maxRetryAfterMs), callerSignal);
        continue;
      }
      throw new ShowdownProblem(problemOf(response, error), requestId);
    }
  }

  /** One attempt, its answer read (within the timeout): an answer, or a transport error, or the caller's abort. */
  private async attempt<T>(send: (init: AttemptInit) => Promise<Sent<T>>, callerSignal: AbortSignal | undefined,
                           requestId: string): Promise<Sent<T>> {
    const attempt = startAttempt(callerSignal, this.timeoutMs);
    try {
      return await send({ signal: attempt.signal, headers: { [REQUEST_ID_HEADER]: requestId } });
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (attempt.timedOut()) {
        throw new ShowdownTimeoutError(`no answer from ${this.baseUrl} within ${this.timeoutMs} ms`, requestId,
                                       { cause: error });
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new ShowdownTransportError(`no answer from ${this.baseUrl}: ${reason}`, requestId, { cause: error });
    } finally {
      attempt.done();
    }
  }
}

/** The answer's problem document, or one made of its status line and text when it sent none. */
function problemOf(response: Response, body: unknown): Problem {
  if (isProblem(body)) return body;
  const text = typeof body === "string" ? body : "";
  return { type: "about:blank", title: response.statusText || "Error", status: response.status,
           detail: text.slice(0, 500) };
}

function isProblem(body: unknown): body is Problem {
  if (typeof body !== "object" || body === null) return false;
  const { type, title, status, detail } = body as Record<string, unknown>;
  return typeof type === "string" && typeof title === "string" && typeof status === "number"
    && typeof detail === "string";
}
