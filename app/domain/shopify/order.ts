// Shopify's order webhooks (orders/paid, orders/cancelled, refunds/create) read into the few facts svc
// keeps, and the net-revenue rule: how much of an order no longer counts after refunds and cancellation.
import { z } from "zod";
import { CART_ATTRIBUTE, checkoutToken, ID_PATTERN, normalOrderId } from "~/wire";
import { isCurrencyCode } from "../events/currencies";
import { parseWith, type ParseResult } from "../parse-result";
import { readOrderLines, type OrderLine } from "./order-lines";

/** An orders/paid (or orders/cancelled) payload, reduced to what attribution and net revenue need. */
export interface PaidOrder {
  orderId: string;
  /** Total in the shop's currency (shop money): what results add up, one currency per shop. */
  total: number;
  currency: string;
  /** Total in the currency the customer paid in; refunds are reported in it. */
  presentmentTotal: number;
  presentmentCurrency: string;
  isTest: boolean;
  /** The `_svc_sid` cart attribute the snippet wrote, when the order went through the cart. */
  sessionId: string | null;
  /** The order's checkout token (`checkout_token`), which a web pixel report may name. */
  checkoutToken: string | null;
  occurredAt: Date;
  cancelledAt: Date | null;
  /** Its line items, for its cost and whether it is a subscription; null when unreadable. Never stored. */
  lines: OrderLine[] | null;
}

/** A refunds/create payload: the money its successful refund transactions returned. */
export interface OrderRefund {
  refundId: string;
  orderId: string;
  amount: number;
  /** The transactions' currency (the presentment currency); the shop's when there was no transaction. */
  currency: string | null;
}

const orderId = z.unknown().transform((v, ctx) => normalOrderId(v) ?? (ctx.addIssue({ code: "custom", message: "must be an order id" }), z.NEVER));
const amount = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = typeof v === "number" ? v : /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 1e12 ? n : (ctx.addIssue({ code: "custom", message: "must be an amount" }), z.NEVER);
});
const currency = z.string().refine(isCurrencyCode, { error: "must be an ISO 4217 code" });
const money = z.object({ amount, currency_code: currency });
const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));

const orderSchema = z.object({
  id: orderId,
  test: z.boolean().optional(),
  total_price: amount.optional(),
  currency: currency.optional(),
  presentment_currency: currency.optional(),
  total_price_set: z.object({ shop_money: money, presentment_money: money }).optional(),
  note_attributes: z.array(z.object({ name: z.unknown(), value: z.unknown() }).loose()).nullish(),
  checkout_token: z.unknown().optional(),
  processed_at: instant.nullish(),
  created_at: instant.nullish(),
  cancelled_at: instant.nullish(),
  line_items: z.unknown().optional(),
});

/** Reads an order payload; `receivedAt` stands in when Shopify names no processing time. */
export function parseOrder(payload: unknown, receivedAt: Date): ParseResult<PaidOrder> {
  const parsed = parseWith(orderSchema, payload);
  if (!parsed.ok) return parsed;
  const o = parsed.value;
  // total_price_set is the documented pair; older payloads carry total_price in the shop's `currency`.
  const shop = o.total_price_set?.shop_money ?? (o.total_price !== undefined && o.currency ? { amount: o.total_price, currency_code: o.currency } : null);
  if (!shop) return { ok: false, issues: ["total_price_set: required"] };
  const presentment = o.total_price_set?.presentment_money ?? shop;
  return {
    ok: true,
    value: {
      orderId: o.id,
      total: shop.amount,
      currency: shop.currency_code,
      presentmentTotal: presentment.amount,
      presentmentCurrency: presentment.currency_code,
      isTest: o.test === true,
      sessionId: cartSession(o.note_attributes ?? []),
      checkoutToken: checkoutToken(o.checkout_token),
      occurredAt: o.processed_at ?? o.created_at ?? receivedAt,
      cancelledAt: o.cancelled_at ?? null,
      lines: readOrderLines(o.line_items),
    },
  };
}

/** A web pixel report: this session placed this order, naming its checkout when the pixel saw one. */
export interface CheckoutClaim {
  sessionId: string;
  checkoutToken: string | null;
}

/**
 * Whether a pixel report gives the order its session (issue 20, row 7; issue 33, row 12; docs/shopify.md).
 * The order's own `_svc_sid` always wins, and a session once given is never replaced: the report counts
 * only for an order without one, and only when it names the order's own checkout (the webhook's
 * `checkout_token`), whenever it arrived. An order id alone proves nothing: ids are sequential and the
 * pixel's `/api/collect` is open to anyone, so a claim without the checkout's token, which only the browser
 * that went through that checkout has, never moves an order's revenue.
 */
export function claimCounts(order: { sessionId: string | null; checkoutToken: string | null }, claim: CheckoutClaim): boolean {
  if (order.sessionId !== null || claim.checkoutToken === null) return false;
  return claim.checkoutToken === order.checkoutToken;
}

/** A report made before its order is worth keeping only when it can count later: when it names a checkout. */
export function claimWorthKeeping(claim: CheckoutClaim): boolean {
  return claim.checkoutToken !== null;
}

/** The svc session id from the order's cart attributes; a malformed one is no session at all. */
function cartSession(attributes: ReadonlyArray<{ name: unknown; value: unknown }>): string | null {
  const value = attributes.find((a) => a.name === CART_ATTRIBUTE)?.value;
  return typeof value === "string" && ID_PATTERN.test(value) ? value : null;
}

const refundSchema = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,19}$/)]).transform(String),
  order_id: orderId,
  transactions: z
    .array(z.object({ kind: z.unknown(), status: z.unknown(), amount: amount, currency: currency.optional() }).loose())
    .nullish(),
});

/** Reads a refunds/create payload: only successful `refund` transactions return money. */
export function parseRefund(payload: unknown): ParseResult<OrderRefund> {
  const parsed = parseWith(refundSchema, payload);
  if (!parsed.ok) return parsed;
  const paid = (parsed.value.transactions ?? []).filter((t) => t.kind === "refund" && t.status === "success");
  return {
    ok: true,
    value: {
      refundId: parsed.value.id,
      orderId: parsed.value.order_id,
      amount: round4(paid.reduce((sum, t) => sum + t.amount, 0)),
      currency: paid[0]?.currency ?? null,
    },
  };
}

export interface OrderMoney {
  total: number;
  currency: string;
  presentmentTotal: number;
  presentmentCurrency: string;
  cancelled: boolean;
}

/**
 * How much of the order's total no longer counts: nothing, its refunds, or all of it once cancelled;
 * never more than the total (a cancellation and the refund that goes with it are one loss, not two).
 * Refunds in the presentment currency convert at the order's own rate; a refund in a currency that is
 * neither the shop's nor the order's cannot be converted honestly and is left out.
 */
export function removedAmount(order: OrderMoney, refunds: ReadonlyArray<{ amount: number; currency: string | null }>): number {
  if (order.cancelled) return order.total;
  const rate = order.presentmentTotal > 0 ? order.total / order.presentmentTotal : 0;
  const refunded = refunds.reduce((sum, r) => {
    if (r.currency === null || r.currency === order.currency) return sum + r.amount;
    return r.currency === order.presentmentCurrency ? sum + r.amount * rate : sum;
  }, 0);
  return Math.min(order.total, round4(refunded));
}

/** Amounts are kept to four decimals, as the database columns are. */
function round4(n: number): number {
  return Math.round(n * 1e4) / 1e4;
}
