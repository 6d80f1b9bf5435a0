// The name a merchant gives a site API key, so keys can be told apart ("CRM", "Checkout server").

export const MAX_API_KEY_NAME = 60;

export function parseApiKeyName(raw: string | null | undefined): { ok: true; value: string } | { ok: false; error: string } {
  const name = (raw ?? "").trim();
  if (!name) return { ok: false, error: "Name the key after what will use it, as CRM." };
  if (name.length > MAX_API_KEY_NAME) return { ok: false, error: `Use at most ${MAX_API_KEY_NAME} characters.` };
  return { ok: true, value: name };
}
