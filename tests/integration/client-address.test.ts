// Behind a trusted proxy (SVC_TRUST_PROXY=1) the client's address was the leftmost X-Forwarded-For entry,
// which the client writes itself: a visitor in Germany claiming "8.8.8.8" was told no consent is needed.
// Now it is the rightmost entry that is not one of our own hops (app/http/client-address.ts).
import { describe, expect, it } from "vitest";
import { useServer } from "../support/server";
import { oneDatabaseKind } from "../support/databases";

const GERMANY = "85.214.132.117";
const UNITED_STATES = "8.8.8.8";

const consent = async (baseUrl: string, forwardedFor: string) =>
  ((await (await fetch(`${baseUrl}/api/consent?site=demo`, { headers: { "X-Forwarded-For": forwardedFor } })).json()) as { required: boolean }).required;

describe("the client's address behind a trusted proxy", () => {
  const ctx = useServer(oneDatabaseKind, { SVC_DEMO: "1", SVC_TRUST_PROXY: "1" });

  it("is the address our proxy saw, not the one the client wrote on the left", async () => {
    // The client in Germany sends "X-Forwarded-For: 8.8.8.8"; our proxy appends what it saw.
    expect(await consent(ctx.server.url, `${UNITED_STATES}, ${GERMANY}`)).toBe(true);
    expect(await consent(ctx.server.url, `${GERMANY}, ${UNITED_STATES}`)).toBe(false);
    // Our own load balancers' hops on the right are skipped.
    expect(await consent(ctx.server.url, `${UNITED_STATES}, ${GERMANY}, 10.0.0.5, 172.16.0.9`)).toBe(true);
  });
});
