// The endpoints served on raw node:http before Express and Remix (docs/decisions/010-hot-paths-on-node-http.md).
// app/routes/README.md and docs/api.md name the same list; app/http/node/hot-endpoints.test.ts checks both.
export const HOT_ENDPOINTS = ["/snippet.js", "/api/patches", "/api/consent", "/api/events", "/api/collect", "/api/conversions"] as const;

export type HotEndpoint = (typeof HOT_ENDPOINTS)[number];
