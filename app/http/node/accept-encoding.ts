// Picks the response encoding a client's Accept-Encoding header allows, preferring the smallest we have.
export type Encoding = "br" | "gzip" | "identity";

/**
 * The first of `offered` (in our order of preference) that the header accepts with a non-zero q;
 * "identity" when none is (identity is always acceptable unless refused outright, which we ignore:
 * answering 406 for a script would break pages for no gain).
 */
export function preferredEncoding(header: string | undefined, offered: readonly Encoding[]): Encoding {
  if (!header) return "identity";
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  for (const encoding of offered) {
    const q = accepted.get(encoding) ?? accepted.get("*");
    if (encoding !== "identity" && q !== undefined && q > 0) return encoding;
  }
  return "identity";
}
