// GET /api/consent answers the prompt's words in the tag's declared language (the snippet forwards it as
// `lang`) or else the browser's Accept-Language, over HTTP on the real server.
import { describe, expect, it } from "vitest";
import { consentPrompt } from "~/domain/consent/prompt-text";
import { DEMO_SITE_ID } from "~/demo/constants";
import type { ConsentResponse } from "~/wire";
import { PROMPT_LANGUAGES } from "~/wire/rules/consent-language";
import { useServer } from "../support/server";
import { oneDatabaseKind } from "../support/databases";

const SITE = DEMO_SITE_ID;

// The answer reads one cached site row and no other table: the embedded database is enough here (the
// database kinds are compared by collection-api.test.ts on the same door).
describe("GET /api/consent with lang", () => {
  const ctx = useServer(oneDatabaseKind, { SVC_DEMO: "1", SVC_COUNTRY_HEADER: "cf-ipcountry" });
  const consent = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${ctx.server.url}/api/consent?site=${SITE}${query}`, { headers: { "cf-ipcountry": "DE", ...headers } });

  it.each(PROMPT_LANGUAGES)("lang=%s: the prompt in that language, cacheable by the visitor's browser only", async (lang) => {
    const res = await consent(`&lang=${lang}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await res.json()) as ConsentResponse;
    expect(body).toEqual({ required: true, prompt: consentPrompt(lang) });
    expect(body.prompt?.dir).toBe(lang === "ar" ? "rtl" : "ltr");
  });

  it("reads a region or script subtag, and any case, by the primary language", async () => {
    for (const [asked, answered] of [["de-AT", "de"], ["PT-br", "pt"], ["pt_BR", "pt"], ["Fr", "fr"], ["ar-EG", "ar"]] as const) {
      const body = (await (await consent(`&lang=${encodeURIComponent(asked)}`)).json()) as ConsentResponse;
      expect(body.prompt?.lang).toBe(answered);
    }
  });

  it("answers English, never an error, for a missing, unknown or malformed lang from a browser accepting any language", async () => {
    const english = { required: true, prompt: consentPrompt("en") };
    for (const query of [
      "",
      "&lang=",
      "&lang=xx",
      "&lang=ja",
      "&lang=deu",
      "&lang=%3Cscript%3Ede",
      "&lang=%00de",
      "&lang=%E2%80%AEar",
      `&lang=${"d".repeat(4000)}`,
      "&lang[]=de",
    ]) {
      const res = await consent(query, { "Accept-Language": "*" });
      expect(res.status, query).toBe(200);
      expect(await res.json(), query).toEqual(english);
    }
  });

  it("takes the first lang when there are several", async () => {
    const body = (await (await consent("&lang=fr&lang=de")).json()) as ConsentResponse;
    expect(body.prompt?.lang).toBe("fr");
  });

  it("puts the declared lang before Accept-Language, and says it varies by Accept-Language, so no cache mixes two", async () => {
    const res = await consent("&lang=de", { "Accept-Language": "fr-FR,fr;q=0.9" });
    expect(((await res.json()) as ConsentResponse).prompt?.lang).toBe("de");
    expect(res.headers.get("vary") ?? "").toMatch(/accept-language/i);
  });

  it("without a declared language, answers in the browser's first supported one (Accept-Language, by weight)", async () => {
    for (const [accepts, answered] of [
      ["fr-FR,fr;q=0.9,en;q=0.8", "fr"],
      ["ja-JP,ko;q=0.9,pt-BR;q=0.8,de;q=0.7", "pt"],
      ["en;q=0.5, nl", "nl"],
      ["ja, ko", "en"],
      ["", "en"],
    ] as const) {
      for (const query of ["&lang=", "", "&lang=ja"]) {
        const body = (await (await consent(query, { "Accept-Language": accepts })).json()) as ConsentResponse;
        expect([accepts, query, body.prompt?.lang]).toEqual([accepts, query, answered]);
      }
    }
  });

  it("sends no prompt where consent is not required", async () => {
    for (const lang of ["de", "ar", "xx"]) {
      const res = await consent(`&lang=${lang}`, { "cf-ipcountry": "US" });
      expect(await res.json()).toEqual({ required: false });
    }
  });

  it("keeps its problems for a bad or unknown Site ID, whatever the lang", async () => {
    const bad = await fetch(`${ctx.server.url}/api/consent?site=Shop_A&lang=de`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toContain("application/problem+json");
    expect(((await bad.json()) as { type: string }).type).toMatch(/invalid-site$/);
    const unknown = await fetch(`${ctx.server.url}/api/consent?site=nosuchsite&lang=de`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("application/problem+json");
  });
});
