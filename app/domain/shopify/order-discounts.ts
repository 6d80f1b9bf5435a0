// What an orders/paid payload says svc's discount took off each line and the shipping (issue 38's orders check):
// the lines' list prices and the allocations of the automatic discount applications titled as svc's discount or one
// of its tests' titles, in shop money. Read from the fields `shopify.app.toml`'s include_fields asks for; null when they are not there.
import { z } from "zod";
import type { CheckedOrder } from "./offer-check";

const amount = z.union([z.string().regex(/^-?\d+(\.\d+)?$/), z.number()]).transform(Number).pipe(z.number().finite().min(0).max(1e12));
const shopMoney = z.object({ shop_money: z.object({ amount }).loose() }).loose();
const id = z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,19}$/)]).transform(String).nullish();
const allocations = z
  .array(z.object({ amount_set: shopMoney, discount_application_index: z.number().int().min(0) }).loose())
  .max(1_000)
  .optional()
  .transform((a) => a ?? []);

const schema = z
  .object({
    discount_applications: z
      .array(z.object({ type: z.string().optional(), title: z.string().nullish() }).loose())
      .max(1_000)
      .optional()
      .transform((a) => a ?? []),
    line_items: z
      .array(z.object({ variant_id: id, product_id: id, quantity: z.number().int().min(0).max(1_000_000), price_set: shopMoney, discount_allocations: allocations }).loose())
      .max(5_000),
    shipping_lines: z
      .array(z.object({ price_set: shopMoney, discount_allocations: allocations }).loose())
      .max(100)
      .optional()
      .transform((a) => a ?? []),
  })
  .loose();

const gid = (kind: "Product" | "ProductVariant", numeric: string | null | undefined) => (numeric ? `gid://shopify/${kind}/${numeric}` : null);
const cents = (n: number) => Math.round(n * 1e4) / 1e4;

/**
 * The order as the check reads it: each line's variant and product (as the offers name them, GIDs), quantity, list
 * price per unit, and what the automatic discounts titled as one of `titles` took off it; the shipping's price and
 * what they took off that. `titles`: svc's discount's own and each offer test's (the candidates' `message`): Shopify
 * does not document which of the two an automatic app discount's application is titled by (docs/offers.md, "The
 * discount's title"), so either counts. Null when the payload lacks the lines' prices or allocations (an older
 * subscription's include_fields).
 */
export function readCheckedOrder(payload: unknown, titles: readonly string[]): CheckedOrder | null {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) return null;
  const { discount_applications: applications, line_items: lines, shipping_lines: shipping } = parsed.data;
  // svc's discount is an automatic app discount: a merchant's code or manual discount of the same title is not it.
  const svc = new Set(applications.flatMap((a, index) => (a.type === "automatic" && typeof a.title === "string" && titles.includes(a.title) ? [index] : [])));
  const taken = (list: z.infer<typeof allocations>) =>
    cents(list.reduce((sum, a) => sum + (svc.has(a.discount_application_index) ? a.amount_set.shop_money.amount : 0), 0));
  return {
    lines: lines.map((line) => ({
      variant: gid("ProductVariant", line.variant_id),
      product: gid("Product", line.product_id),
      quantity: line.quantity,
      unitPrice: line.price_set.shop_money.amount,
      svcDiscount: taken(line.discount_allocations),
    })),
    shipping: {
      price: cents(shipping.reduce((sum, s) => sum + s.price_set.shop_money.amount, 0)),
      svcDiscount: cents(shipping.reduce((sum, s) => sum + taken(s.discount_allocations), 0)),
    },
  };
}
