import { ShowdownClient } from "showdown-client";

const client = new ShowdownClient({ baseUrl: "http://127.0.0.1:8000" });
const result = await client.settle({
  variant: "texas-holdem",
  board: ["Kd", "7c", "2h", "9s", "2d"],
  players: [{ id: "ann", hole: ["Ah", "Kh"] }, { id: "bob", hole: ["Qs", "Qc"] }],
  pot: 300,
});
console.log(result.summary);
for (const [player, chips] of Object.entries(result.payouts)) console.log(`${player}: ${chips}`);
