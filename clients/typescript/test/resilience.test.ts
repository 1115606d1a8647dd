/**
 * What the client does when the answer is not the usual one, against a tiny scripted node:http server on
 * loopback: a 503 with Retry-After tried again (bounded in count and in wait, with the same request id), other
 * problems not, an answer that never comes cut by the timeout or by the caller's AbortSignal, no server at all.
 */

import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, test } from "node:test";

import { ShowdownClient, ShowdownProblem, ShowdownTimeoutError, ShowdownTransportError } from "showdown-client";
import type { AnswerInfo, ShowdownRequest } from "showdown-client";

type Reply = (response: ServerResponse) => void;

const PROBLEM = { "Content-Type": "application/problem+json" };
const unavailable = (retryAfter: string): Reply => (response) => {
  response.writeHead(503, { ...PROBLEM, "Retry-After": retryAfter });
  response.end(JSON.stringify({ type: "https://showdown.example/problems/deadline-exceeded", title: "Busy",
                                status: 503, detail: "try again" }));
};
const settled: Reply = (response) => {
  response.writeHead(200, { "Content-Type": "application/json" });
  response.end(JSON.stringify({ payouts: { ann: 10 }, summary: "ann wins 10." }));
};
const never: Reply = () => undefined;  // holds the connection open, answering nothing

const DEAL: ShowdownRequest = { variant: "texas-holdem", players: [{ id: "ann", hole: ["Ah", "Kh"] }], pot: 10 };

/** The scripted server: answers each request with the next reply of the script (the last one repeated), and
 * keeps every request's X-Request-ID. */
class Scripted {
  readonly requestIds: (string | undefined)[] = [];
  private script: Reply[] = [];
  private readonly server: Server;
  private readonly received: (() => void)[] = [];

  constructor() {
    this.server = createServer((request: IncomingMessage, response: ServerResponse) => {
      request.resume();
      this.requestIds.push(request.headers["x-request-id"] as string | undefined);
      const reply = this.script.length > 1 ? this.script.shift() : this.script[0];
      (reply ?? settled)(response);
      this.received.splice(0).forEach((wake) => wake());
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  play(...script: Reply[]): this {
    this.script = script;
    this.requestIds.length = 0;
    return this;
  }

  /** Resolves once the next request has arrived. */
  nextRequest(): Promise<void> {
    return new Promise((resolve) => this.received.push(resolve));
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const scripted = new Scripted();
const baseUrl = await scripted.start();
after(() => scripted.stop());

test("a 503 with Retry-After is tried again with the same request id, and the answer after it returned",
     async () => {
  const seen: AnswerInfo[] = [];
  const client = new ShowdownClient({ baseUrl, onResponse: (answer) => seen.push(answer) });
  scripted.play(unavailable("0"), settled);
  const result = await client.settle(DEAL, { requestId: "retried-1" });
  assert.deepEqual(result.payouts, { ann: 10 });
  assert.deepEqual(scripted.requestIds, ["retried-1", "retried-1"]);
  assert.deepEqual(seen.map((a) => [a.status, a.attempt]), [[503, 0], [200, 1]]);
});

test("a Retry-After longer than maxRetryAfterMs is waited only that long", { timeout: 10_000 }, async () => {
  const client = new ShowdownClient({ baseUrl, maxRetryAfterMs: 20 });
  scripted.play(unavailable("3600"), settled);
  assert.deepEqual((await client.settle(DEAL)).payouts, { ann: 10 });
  assert.equal(scripted.requestIds.length, 2);
});

test("retries stop after `retries`, and the last 503 is thrown as a problem", async () => {
  const client = new ShowdownClient({ baseUrl, retries: 2 });
  scripted.play(unavailable("0"));
  await assert.rejects(client.settle(DEAL), (e) => e instanceof ShowdownProblem && e.status === 503
    && e.slug === "deadline-exceeded" && e.detail === "try again");
  assert.equal(scripted.requestIds.length, 3);
});

test("an answer that is no problem document is still a ShowdownProblem, with its status, never retried",
     async () => {
  const client = new ShowdownClient({ baseUrl });
  scripted.play((response) => {
    response.writeHead(502, { "Content-Type": "text/plain" });
    response.end("bad gateway");
  });
  await assert.rejects(client.variants(), (e) => e instanceof ShowdownProblem && e.status === 502
    && e.type === "about:blank" && e.detail === "bad gateway");
  assert.equal(scripted.requestIds.length, 1);
});

test("an abort by the caller's signal rejects at once with the signal's reason, not a client error", async () => {
  const client = new ShowdownClient({ baseUrl });
  scripted.play(never);
  const controller = new AbortController();
  const arrived = scripted.nextRequest();
  const call = client.settle(DEAL, { signal: controller.signal });
  await arrived;
  controller.abort();
  await assert.rejects(call, (e) => e instanceof Error && e.name === "AbortError" && !(e instanceof ShowdownProblem)
    && !(e instanceof ShowdownTransportError));
});

test("an abort during the wait before a retry ends the call without the retry", async () => {
  const client = new ShowdownClient({ baseUrl, maxRetryAfterMs: 3_600_000 });
  scripted.play(unavailable("3600"), settled);
  const controller = new AbortController();
  const arrived = scripted.nextRequest();
  const call = client.settle(DEAL, { signal: controller.signal });
  await arrived;
  controller.abort(new Error("user left the page"));
  await assert.rejects(call, { message: "user left the page" });
  assert.equal(scripted.requestIds.length, 1);
});

test("a signal aborted before the call sends nothing", async () => {
  const client = new ShowdownClient({ baseUrl });
  scripted.play(settled);
  await assert.rejects(client.variants({ signal: AbortSignal.abort() }), { name: "AbortError" });
  assert.equal(scripted.requestIds.length, 0);
});

test("no answer within timeoutMs is a ShowdownTimeoutError, a kind of transport error", async () => {
  const client = new ShowdownClient({ baseUrl, timeoutMs: 50 });
  scripted.play(never);
  const problem = await client.settle(DEAL, { requestId: "slow-1" }).catch((e: unknown) => e);
  assert.ok(problem instanceof ShowdownTimeoutError, String(problem));
  assert.ok(problem instanceof ShowdownTransportError);
  assert.equal(problem.requestId, "slow-1");
});

test("no server at all is a ShowdownTransportError (not a timeout), and ready() is false", async () => {
  const closed = new Scripted();
  const gone = await closed.start();
  await closed.stop();
  const client = new ShowdownClient({ baseUrl: gone });
  await assert.rejects(client.variants(),
                       (e) => e instanceof ShowdownTransportError && !(e instanceof ShowdownTimeoutError));
  assert.equal(await client.ready(), false);
});

test("a fetch given in the options is the one called", async () => {
  const called: string[] = [];
  const client = new ShowdownClient({ baseUrl, fetch: (input, init) => {
    called.push(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  } });
  scripted.play(settled);
  await client.settle(DEAL);
  assert.deepEqual(called, [`${baseUrl}/v1/showdowns`]);
});
