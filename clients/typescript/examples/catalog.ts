import { ShowdownClient } from "showdown-client";

const client = new ShowdownClient({ baseUrl: "http://127.0.0.1:8000" });
for (const { id, name } of await client.variants()) {
  const { example } = await client.variant(id);
  if (example) console.log(`${name}: ${(await client.settle(example)).summary}`);
}
