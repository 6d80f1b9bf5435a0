// GET a JSON body from the API, and deadlines; every failure becomes `undefined`, nothing rejects.
import { noop } from "./guard";

/** No cookies and no Referer go with the request: the URL carries all the server needs. */
export function getJSON(url: string): Promise<unknown> {
  try {
    return fetch(url, { credentials: "omit", referrerPolicy: "no-referrer" })
      .then((r) => (r.ok ? r.json() : undefined))
      .catch(noop);
  } catch {
    return Promise.resolve();
  }
}

/** `promise`'s value if it settles within `ms`, else undefined (the promise itself keeps running). */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);
}
