/**
 * The names a caller writes: each request and answer of the contract under its schema's name, all of them
 * aliases of the types openapi-typescript generates from openapi.yaml into schema.ts (never written by hand).
 */

import type { components } from "./schema.js";

type Schemas = components["schemas"];

export type Card = Schemas["Card"];
export type ShowdownRequest = Schemas["ShowdownRequest"];
export type ShowdownResponse = Schemas["ShowdownResponse"];
export type Player = Schemas["Player"];
export type PlayerResult = Schemas["PlayerResult"];
export type Hand = Schemas["Hand"];
export type Pot = Schemas["Pot"];
export type PotResult = Schemas["PotResult"];
export type Award = Schemas["Award"];
export type BatchItem = Schemas["BatchItem"];
export type EvaluateRequest = Schemas["EvaluateRequest"];
export type HandEvaluation = Schemas["HandEvaluation"];
export type EquityRequest = Schemas["EquityRequest"];
export type EquityResponse = Schemas["EquityResponse"];
export type VariantSummary = Schemas["VariantSummary"];
/**
 * `GET /v1/variants/{id}`: one variant in full. Its `example` is typed as what the service documents it to be, a
 * request to post as it is (or null for a game that is no showdown): the contract's schema of it also admits any
 * object, which would leave `client.settle(variant.example)` untyped.
 */
export type Variant = Omit<Schemas["Variant"], "example"> & { example: ShowdownRequest | null };
export type Problem = Schemas["Problem"];
export type ProblemError = Schemas["ProblemError"];

/** The picture formats of the render operations. */
export type ImageFormat = "png" | "svg";
