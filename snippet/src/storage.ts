// Web storage that never throws: blocked or full storage behaves like an empty one.

type Area = "localStorage" | "sessionStorage";

export function read(key: string, area: Area = "localStorage"): string | null {
  try {
    return window[area].getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string, area: Area = "localStorage"): boolean {
  try {
    window[area].setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function remove(key: string, area: Area = "localStorage"): void {
  try {
    window[area].removeItem(key);
  } catch {
    // Nothing to undo when storage is unavailable.
  }
}

export function readJSON(key: string, area: Area = "localStorage"): unknown {
  try {
    return JSON.parse(read(key, area) ?? "null");
  } catch {
    return null;
  }
}

/** Forgets everything the snippet stored (consent withdrawn on Shopify). */
export function removeAll(): void {
  for (const area of ["localStorage", "sessionStorage"] as const) {
    try {
      const s = window[area];
      for (let i = s.length; i--; ) {
        const k = s.key(i);
        if (k?.startsWith("svc_")) s.removeItem(k);
      }
    } catch {
      // Unavailable storage holds nothing of ours.
    }
  }
}
