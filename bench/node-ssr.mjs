// Baseline (d) of bench/run.sh's baseline suite: Node rendering the same SSR bundle per request, no
// caching. A minimal node:http server: every GET calls globalThis.render("/", dataJson) from ssr.js
// and wraps the app's HTML in a document shell (doctype, title, div#root, the data as JSON).
// <navigation.json> is the Rust server's answer to GET /_data/ ({ data, head }): the home route's
// data, which client-side navigation fetches, is its "data".
// Usage: node bench/node-ssr.mjs <ssr.js> <navigation.json> <port> [host]
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [bundlePath, navigationPath, port, host = "127.0.0.1"] = process.argv.slice(2);
if (!bundlePath || !navigationPath || !port) {
  console.error("usage: node bench/node-ssr.mjs <ssr.js> <navigation.json> <port> [host]");
  process.exit(2);
}

// The bundle is a plain script that assigns globalThis.render; run it as a sloppy-mode function body.
new Function(readFileSync(bundlePath, "utf8"))();
const render = globalThis.render;
if (typeof render !== "function") throw new Error(`${bundlePath} did not define globalThis.render`);

const { data } = JSON.parse(readFileSync(navigationPath, "utf8"));
if (typeof data !== "object" || data === null) throw new Error(`${navigationPath} has no "data" object (not an answer of /_data/?)`);
const dataJson = JSON.stringify(data);
const escapeText = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
// Same escaping as the Rust shell: nothing inside the JSON can close or confuse the script element.
const scriptJson = dataJson.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
const title = escapeText(data.title ?? "");
const lang = escapeText(data.lang ?? "en");
// One render before listening: a bundle whose render() no longer returns { html } (ssr/entry.tsx)
// fails here, at start-up, instead of answering 500s under load.
if (typeof render("/", dataJson)?.html !== "string") throw new Error(`render() of ${bundlePath} did not return { html }`);

const server = createServer((req, res) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { Allow: "GET, HEAD" }).end();
    return;
  }
  let body;
  try {
    const { html: app } = render("/", dataJson);
    body =
      `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
      `<body><div id="root">${app}</div>` +
      `<script type="application/json" id="route-data">${scriptJson}</script></body></html>`;
  } catch (error) {
    console.error(error);
    res.writeHead(500, { "Content-Type": "text/plain" }).end("render failed");
    return;
  }
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
  res.end(req.method === "HEAD" ? undefined : body);
});
server.keepAliveTimeout = 30_000;
server.listen(Number(port), host, () => console.log(`node-ssr listening on http://${host}:${port}/`));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(0));
