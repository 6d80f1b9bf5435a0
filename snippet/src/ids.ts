// Random identifiers for visitors, sessions and events: pure randomness, never derived from the device.

export function randomId(bytes = 16): string {
  let s = "";
  for (const b of crypto.getRandomValues(new Uint8Array(bytes))) s += (b | 256).toString(16).slice(1);
  return s;
}
