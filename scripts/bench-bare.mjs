// The bench's baseline server, run as its own process like svc: a bare Node `http` server doing the least
// GET /api/patches and POST /api/events need (parse the query or the JSON body, answer a small JSON).
import { createServer } from "node:http";

const patchesAnswer = JSON.stringify({
  ttl: 300,
  tests: [{ test: "bt-0-0", arm: "bt-0-0-b", pages: ["/bench"], patches: [{ op: "text", sel: "#headline", value: "Bench variant" }] }],
});

const server = createServer((req, res) => {
  if (req.method === "GET") {
    const query = new URL(req.url, "http://x").searchParams;
    query.get("site");
    query.get("vid");
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(patchesAnswer);
    return;
  }
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const batch = JSON.parse(body);
    res
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify({ accepted: batch.events.length, duplicates: 0, rejected: 0 }));
  });
});
server.listen(0, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
