/**
 * The client against the real server the Python suite starts (tests/clients/test_typescript_client.py passes
 * its URL in SHOWDOWN_URL, and in SHOWDOWN_EXPECTED a file of what the service answered over plain HTTP for
 * every catalog example): the same payouts through the client, problems with their pointers, the request id
 * sent and read back, and every other operation typed and answered.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { ShowdownClient, ShowdownProblem } from "showdown-client";
import type { AnswerInfo, ShowdownRequest } from "showdown-client";

/** A variant's example as the service answers it over plain HTTP (no request: a game that is no showdown). */
interface Expected {
  request: ShowdownRequest | null;
  status?: number;
  payouts?: Record<string, number>;
}

const baseUrl = process.env["SHOWDOWN_URL"];
const expectedFile = process.env["SHOWDOWN_EXPECTED"];
if (!baseUrl || !expectedFile) throw new Error("SHOWDOWN_URL and SHOWDOWN_EXPECTED must be set");
const expected = JSON.parse(readFileSync(expectedFile, "utf8")) as Record<string, Expected>;
const client = new ShowdownClient({ baseUrl });

const HOLDEM: ShowdownRequest = {
  variant: "texas-holdem", board: ["Kd", "7c", "2h", "9s", "2d"],
  players: [{ id: "ann", hole: ["Ah", "Kh"] }, { id: "bob", hole: ["Qs", "Qc"] }, { id: "cy", hole: ["9h", "9d"] }],
  contributions: { ann: 100, bob: 100, cy: 40 },
};

/** `work` over `items`, `width` at a time, the answers in the items' order. */
async function eachAtOnce<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return answers;
}

test("every catalog example settles through the client with the payouts the service gives over plain HTTP",
     async () => {
  const catalog = await client.variants();
  assert.deepEqual(catalog.map((v) => v.id).sort(), Object.keys(expected).sort());
  await eachAtOnce(catalog, 4, async ({ id }) => {
    const want = expected[id] as Expected;
    const { example } = await client.variant(id);
    assert.deepEqual(example, want.request, id);
    if (example === null) return;
    if (want.status === 200) {
      assert.deepEqual((await client.settle(example)).payouts, want.payouts, id);
    } else {  // an example the service refuses is refused through the client too, with the same status
      await assert.rejects(client.settle(example), (e) => e instanceof ShowdownProblem && e.status === want.status);
    }
  });
  assert.ok(Object.values(expected).filter((want) => want.status === 200).length > 100);
});

test("a batch of every catalog example answers each item as the single call does", async () => {
  const examples = Object.values(expected).filter((want) => want.request !== null);
  for (let start = 0; start < examples.length; start += 100) {
    const chunk = examples.slice(start, start + 100);
    const items = await client.settleBatch(chunk.map((want) => want.request as ShowdownRequest));
    assert.deepEqual(items.map((item) => [item.index, item.status, item.result?.payouts]),
                     chunk.map((want, index) => [index, want.status, want.payouts]));
  }
});

test("settle answers the summary, each player's hands and every pot", async () => {
  const result = await client.settle(HOLDEM);
  assert.deepEqual(result.payouts, { ann: 120, bob: 0, cy: 120 });
  assert.match(result.summary, /^Main pot: cy wins 120 with full house/);
  assert.equal(result.players.find((p) => p.id === "cy")?.hands["high"]?.category, "full-house");
});

test("a 422 arrives as ShowdownProblem with every problem's pointer and the request id", async () => {
  const refused = { ...HOLDEM, board: ["Kd", "7c", "2h", "9s", "Ah"], players: [
    { id: "ann", hole: ["Ah", "Kh"] }, { id: "bob", hole: ["Qs", "Zz"] }] };
  const problem = await client.settle(refused, { requestId: "ts-client-422" }).catch((e: unknown) => e);
  assert.ok(problem instanceof ShowdownProblem, String(problem));
  assert.equal(problem.status, 422);
  assert.equal(problem.title.length > 0, true);
  assert.ok(problem.detail.length > 0);
  assert.match(problem.type, /^https?:\/\//);
  assert.equal(problem.requestId, "ts-client-422");
  const pointers = problem.errors.map((e) => e.pointer);
  assert.ok(pointers.includes("/players/1/hole/1"), pointers.join(" "));
  assert.ok(Object.keys(problem.byPointer).every((pointer) => pointers.includes(pointer)));
});

test("an unknown variant is a 404 problem", async () => {
  await assert.rejects(client.variant("no-such-game"),
                       (e) => e instanceof ShowdownProblem && e.status === 404 && e.slug.length > 0);
});

test("the request id is sent, echoed by the server and read back", async () => {
  const seen: AnswerInfo[] = [];
  const watched = new ShowdownClient({ baseUrl: baseUrl, onResponse: (answer) => seen.push(answer) });
  await watched.settle(HOLDEM, { requestId: "ts-client-1" });
  await watched.variants();
  assert.equal(seen.length, 2);
  assert.deepEqual(seen.map((a) => [a.status, a.attempt]), [[200, 0], [200, 0]]);
  assert.equal(seen[0]?.requestId, "ts-client-1");
  assert.match(seen[1]?.requestId ?? "", /^[0-9a-f]{32}$/);  // the client's own fresh id, echoed
});

test("the pictures arrive as Blobs of their media types", async () => {
  const png = await client.render(HOLDEM, "png");
  assert.equal(png.type, "image/png");
  assert.deepEqual([...new Uint8Array(await png.arrayBuffer()).slice(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  const svg = await client.render(HOLDEM, "svg");
  assert.match(svg.type, /^image\/svg\+xml/);
  assert.match(await svg.text(), /<svg/);
  assert.match(await (await client.layoutSvg("iron-cross")).text(), /<svg/);
});

test("evaluate, odds and renderOdds answer their typed documents", async () => {
  const evaluation = await client.evaluate({ variant: "omaha", hole: ["Ah", "Kh", "Qd", "Jc"],
                                            board: ["Th", "9h", "2h"] });
  assert.equal(typeof evaluation.hands["high"]?.description, "string");
  const odds = await client.odds({ variant: "texas-holdem", board: ["Kd", "7c", "2h"], pot: 200,
                                   players: [{ id: "ann", hole: ["Ah", "Kh"] }, { id: "bob", hole: ["Qs", "Qc"] }] });
  assert.deepEqual(odds.players.map((p) => p.id), ["ann", "bob"]);
  const picture = await client.renderOdds({ variant: "texas-holdem", board: ["Kd", "7c", "2h"], pot: 200,
    players: [{ id: "ann", hole: ["Ah", "Kh"] }, { id: "bob", hole: ["Qs", "Qc"] }] }, "svg");
  assert.match(await picture.text(), /<svg/);
});

test("ready is true for a ready server and false for none", async () => {
  assert.equal(await client.ready(), true);
  assert.equal(await new ShowdownClient({ baseUrl: "http://127.0.0.1:9" }).ready(), false);
});
