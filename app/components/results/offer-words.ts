// What an arm charges at checkout, in the admin's words, beside its orders checked: "List price", "19.99 for 1
// variant", "15% off 2 products", "5.00 off orders from 50.00", "Free shipping", "Buy 2, get 1 free".
import type { Offer } from "~/wire/offers";
import { formatMoney } from "./format";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function offerInWords(offer: Offer | null, currency: string): string {
  if (!offer) return "List price";
  const from = (minimum: number | undefined) => (minimum ? ` from ${formatMoney(minimum, currency)}` : "");
  switch (offer.k) {
    case "price": {
      const prices = Object.values(offer.prices);
      if (prices.length === 0) return "List price";
      if (offer.by === "percent") {
        const low = Math.min(...prices);
        const high = Math.max(...prices);
        return `${low === high ? low : `${low}–${high}`}% off the list price of ${plural(prices.length, "variant", "variants")}`;
      }
      const low = Math.min(...prices);
      const high = Math.max(...prices);
      const range = low === high ? formatMoney(low, currency) : `${formatMoney(low, currency)}–${formatMoney(high, currency)}`;
      return `${range} for ${plural(prices.length, "variant", "variants")}`;
    }
    case "products": {
      const off = offer.amount !== undefined ? formatMoney(offer.amount, currency) : `${offer.percent ?? 0}%`;
      const named = [
        ...(offer.products ? [plural(offer.products.length, "product", "products")] : []),
        ...(offer.collections ? [plural(offer.collections.length, "collection", "collections")] : []),
      ];
      return `${off} off ${named.length > 0 ? named.join(" and ") : "every product"}`;
    }
    case "order": {
      const off = offer.amount !== undefined ? formatMoney(offer.amount, currency) : `${offer.percent ?? 0}%`;
      return `${off} off orders${from(offer.minimum)}`;
    }
    case "shipping":
      return `${offer.percent === 100 ? "Free shipping" : `${offer.percent}% off shipping`}${from(offer.minimum)}`;
    case "bxgy": {
      const get = offer.percent === 100 ? "free" : `${offer.percent}% off`;
      const got = [
        ...(offer.get ? [plural(offer.get.length, "other product", "other products")] : []),
        ...(offer.getCollections ? [plural(offer.getCollections.length, "other collection", "other collections")] : []),
      ];
      const of = got.length > 0 ? ` of ${got.join(" and ")}` : "";
      return `Buy ${offer.x}, get ${offer.y}${of} ${get}`;
    }
  }
}
