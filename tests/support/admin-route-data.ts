// Admin loaders and actions over HTTP as Remix's single fetch calls them (`<path>.data`, turbo-stream
// encoded, what the browser's router reads), with a Shopify session token. `?_data=` does not work with
// single fetch on: it answers an empty 200.
import { decode } from "turbo-stream";
import { adminFetch } from "./shopify";

// The routes' data is read as loosely typed JSON: the tests' assertions are what check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface RouteAnswer<T = unknown> {
  status: number;
  headers: Headers;
  /** The loader's or action's data; a Response the route answered (a problem) as its parsed JSON. */
  data: T;
  /** The response as sent, to check what it does not contain. */
  raw: string;
}

/** The decoded body of a single-fetch answer (undefined when it has none, as a bare 404). */
export async function readSingleFetch(res: Response): Promise<unknown> {
  return (await read(res)).value;
}

async function read(res: Response): Promise<{ value: unknown; raw: string }> {
  const raw = await res.text();
  if (!raw) return { value: undefined, raw };
  const { value, done } = await decode(new Response(raw).body as ReadableStream<Uint8Array>, {
    // A thrown response (a loader's 404) arrives as Remix's ErrorResponse: its body, status, status text.
    plugins: [(type, ...values) => (type === "ErrorResponse" ? { value: { data: values[0], status: values[1], statusText: values[2] } } : undefined)],
  });
  await done;
  return { value, raw };
}

function parsed(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A route's loader data (`route` is the Remix route id, as "routes/app.settings"). */
export async function loaderData<T = Loose>(baseUrl: string, shop: string, path: string, route: string): Promise<RouteAnswer<T>> {
  const res = await adminFetch(baseUrl, shop, `${path}.data?_routes=${encodeURIComponent(route)}`);
  const { value, raw } = await read(res);
  const entry = (value as Record<string, { data?: unknown; error?: unknown }>)[route];
  const error = entry?.error as { data?: unknown } | undefined;
  return { status: res.status, headers: res.headers, data: parsed(entry?.data ?? error?.data) as T, raw };
}

/** Posts a form to a route's action (`path` as the browser would post it, "/app/sites?index" for an index route). */
export async function postAction<T = Loose>(baseUrl: string, shop: string, path: string, fields: Record<string, string>): Promise<RouteAnswer<T>> {
  const [pathname, search] = path.split("?");
  const res = await adminFetch(baseUrl, shop, `${pathname}.data${search ? `?${search}` : ""}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const { value, raw } = await read(res);
  return { status: res.status, headers: res.headers, data: parsed((value as { data?: unknown }).data) as T, raw };
}
