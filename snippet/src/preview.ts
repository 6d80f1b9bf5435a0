// Preview mode: a merchant's preview link (?svc_preview=<token>) forces one arm in this tab, recording nothing.
import { read, write } from "./storage";

const KEY = "svc_preview";

/**
 * The tab's preview token; empty or null when not previewing. The link's token is kept in sessionStorage
 * so the tab's next pages stay in preview; `?svc_preview=off` (or an empty value) ends it.
 */
export function previewToken(): string | null {
  const given = new URLSearchParams(location.search).get(KEY);
  if (given != null) write(KEY, given == "off" ? "" : given, true);
  return read(KEY, true);
}
