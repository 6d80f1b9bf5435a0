// Web storage that never throws: blocked or full storage behaves like an empty one.

/** `session`: the tab's sessionStorage rather than localStorage. */
const area = (session?: boolean) => (session ? sessionStorage : localStorage);

export function read(key: string, session?: boolean): string | null {
  try {
    return area(session).getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string, session?: boolean): boolean {
  try {
    area(session).setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function remove(key: string, session?: boolean): void {
  try {
    area(session).removeItem(key);
  } catch {
    // Nothing to undo when storage is unavailable.
  }
}

export function readJSON(key: string, session?: boolean): unknown {
  try {
    return JSON.parse(read(key, session) ?? "null");
  } catch {
    return null;
  }
}

/** Forgets everything the snippet stored (consent withdrawn on Shopify). */
export function removeAll(): void {
  for (const session of [false, true]) {
    try {
      const s = area(session);
      for (let i = s.length; i--; ) {
        const k = s.key(i);
        if (k?.startsWith("svc_")) s.removeItem(k);
      }
    } catch {
      // Unavailable storage holds nothing of ours.
    }
  }
}
