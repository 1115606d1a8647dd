// The size a web app pays for this package: the built entry point bundled for the browser with its one
// dependency (openapi-fetch), minified, and then gzipped. Prints {"minified": bytes, "gzipped": bytes}.
// Bundling for the browser also proves the package imports no module of Node's.
import { gzipSync } from "node:zlib";

import { build } from "esbuild";

const bundle = await build({
  entryPoints: [new URL("../dist/src/index.js", import.meta.url).pathname],
  bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, logLevel: "error",
});
const code = bundle.outputFiles[0].contents;
console.log(JSON.stringify({ minified: code.length, gzipped: gzipSync(code, { level: 9 }).length }));
