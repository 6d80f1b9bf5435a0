// The client's IP address: the TCP peer, or the first X-Forwarded-For entry behind a trusted proxy.
import type { AppLoadContext } from "@remix-run/node";

export function clientAddress(request: Request, context: AppLoadContext, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return context.clientAddress;
}
