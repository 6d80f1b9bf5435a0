// The mandatory compliance webhooks' bodies (customers/data_request, customers/redact) read into what svc
// acts on: the order ids, in the one normal form orders are stored under.
import { z } from "zod";
import { normalOrderId } from "~/wire/rules/order-id";
import { parseWith, type ParseResult } from "../parse-result";

/** More ids than any real request carries; a bigger list is refused rather than run as one huge statement. */
export const MAX_ORDER_IDS = 10_000;

const orderList = z.array(z.union([z.number(), z.string()])).max(MAX_ORDER_IDS);

/**
 * The order ids listed under `field` (`orders_requested`, `orders_to_redact`), normalized (numbers,
 * numeric strings and GraphQL gids alike) and without duplicates. A missing or null list is empty; an id
 * that is no order id is left out, as it names no order svc could hold.
 */
export function parseOrderIds(payload: unknown, field: "orders_requested" | "orders_to_redact"): ParseResult<string[]> {
  const parsed = parseWith(z.object({ [field]: orderList.nullish() }), payload);
  if (!parsed.ok) return parsed;
  const ids = (parsed.value[field] ?? []).map(normalOrderId).filter((id): id is string => id !== null);
  return { ok: true, value: [...new Set(ids)] };
}
