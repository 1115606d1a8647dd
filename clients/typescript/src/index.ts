/**
 * showdown-client: the TypeScript client of the Showdown API. The client, its errors, and the request and
 * answer types (generated from openapi.yaml; `paths` and `components` for anything not named here).
 */

export { ShowdownClient } from "./client.js";
export type { AnswerInfo, CallOptions, ShowdownClientOptions } from "./client.js";
export { ShowdownError, ShowdownProblem, ShowdownTimeoutError, ShowdownTransportError } from "./errors.js";
export { REQUEST_ID_HEADER } from "./request-id.js";
export type { components, operations, paths } from "./schema.js";
export type * from "./types.js";
