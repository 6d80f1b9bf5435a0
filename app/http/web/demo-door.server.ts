// Which requests the server answers as the local demo (SVC_DEMO): its admin, without Shopify, to a direct
// loopback request only (app/domain/loopback.ts: a loopback peer, a Host that names this machine, no
// proxy's header); anything else refused, webhooks included; and no page of it framed by another.
import type { AppLoadContext } from "@remix-run/node";
import { DEMO_ADMIN_SHOP } from "~/demo/public.server";
import { isDirectLoopbackRequest } from "~/domain/loopback";
import type { Problem } from "~/services/outcome";
import { runsAsDemo } from "~/services/server-settings.server";
import { problemResponse } from "../problem";

/**
 * Headers on every page the server answers in demo mode (the admin, the demo storefronts): no other page
 * may frame them, so none can be clickjacked into the demo admin's actions.
 */
export const DEMO_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
};

/** The headers on every answer of the server: the demo's in demo mode, none otherwise. */
export function serverResponseHeaders(): Readonly<Record<string, string>> {
  return runsAsDemo() ? DEMO_RESPONSE_HEADERS : {};
}

export const NOT_LOCAL: Problem = {
  status: 403,
  type: "not-local",
  title: "The local demo answers this machine only",
  detail: "Open it as localhost or 127.0.0.1, without a proxy.",
};

/** In demo mode, a direct loopback request: the demo shop's admin. */
export function isDemoRequest(request: Request, context: AppLoadContext): boolean {
  return runsAsDemo() && isDirectLoopbackRequest(context.clientAddress, request.headers);
}

/** In demo mode, anything but a direct loopback request: refused by the admin and the webhooks alike. */
export function isRemoteInDemo(request: Request, context: AppLoadContext): boolean {
  return runsAsDemo() && !isDirectLoopbackRequest(context.clientAddress, request.headers);
}

/**
 * The shop an admin request is served as without Shopify: the demo's, for a direct loopback request in demo
 * mode; null outside demo mode, where Shopify authenticates it. Any other request in demo mode is refused
 * (a thrown 403): the demo serves its admin to this machine only, and a proxied or rebinding-shaped request
 * gets no Shopify login either.
 */
export function demoAdminShop(request: Request, context: AppLoadContext): string | null {
  if (isDemoRequest(request, context)) return DEMO_ADMIN_SHOP;
  if (runsAsDemo()) throw problemResponse(NOT_LOCAL);
  return null;
}
