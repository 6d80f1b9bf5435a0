// Rows for tests, with defaults so that a test names only what matters to it: seedShop, seedSite, seedTest
// (with its arms and goals), and seedRows for any other table. Plain SQL on a SqlRunner, so the same
// seeding works on PGlite and PostgreSQL, before a server starts (useServer's `seed`, seedDatabase) or
// while one runs (ShopifyFixture.sql, withDatabase on PostgreSQL).
import type { SqlRunner } from "~/db/connection.server";
import type * as Models from "~/generated/prisma/client";

type Sql = Pick<SqlRunner, "query">;

/** The schema's tables, by the name their rows are inserted under. */
interface Tables {
  Session: Models.Session;
  Shop: Models.Shop;
  Site: Models.Site;
  SiteApiKey: Models.SiteApiKey;
  Test: Models.Test;
  Arm: Models.Arm;
  Goal: Models.Goal;
  TestGroup: Models.TestGroup;
  SelectorCheck: Models.SelectorCheck;
  Event: Models.Event;
  Exposure: Models.Exposure;
  Conversion: Models.Conversion;
  ConversionAttribution: Models.ConversionAttribution;
  VisitorTotal: Models.VisitorTotal;
  Order: Models.Order;
  Refund: Models.Refund;
  VariantCost: Models.VariantCost;
  CheckoutReport: Models.CheckoutReport;
  OrderOfferCheck: Models.OrderOfferCheck;
  BuyNowOrder: Models.BuyNowOrder;
  DailyRollup: Models.DailyRollup;
  SegmentRollup: Models.SegmentRollup;
  NetworkRollup: Models.NetworkRollup;
  SiteSegmentValue: Models.SiteSegmentValue;
  OutboxEmail: Models.OutboxEmail;
  StaffAddress: Models.StaffAddress;
  WebhookDelivery: Models.WebhookDelivery;
}
export type Table = keyof Tables;

/**
 * A row as column → value; a column left out takes the table's default. Values are sent as parameters:
 * strings (enums, dates and decimals included), numbers, booleans, null, arrays for array columns, and
 * any JSON value for a JSON column. For a time relative to the database's clock, use NOW, TODAY or ago().
 */
export type Columns<T extends Table> = { [K in keyof Tables[T]]?: unknown };

/** A value written into the statement as SQL instead of a parameter. */
export class SqlValue {
  constructor(readonly sql: string) {}
}
/** The database's now(). */
export const NOW = new SqlValue("now()");
/** The database's current_date. */
export const TODAY = new SqlValue("current_date");
/** now() minus a PostgreSQL interval, e.g. ago("3 days"). */
export const ago = (interval: string) => new SqlValue(`now() - interval '${interval.replace(/'/g, "''")}'`);

/** JSON columns: their values are sent as JSON text (an array would otherwise be sent as a PostgreSQL array). */
const JSON_COLUMNS: Partial<Record<Table, string[]>> = { Arm: ["patches", "offer"], Event: ["data"], SelectorCheck: ["changes"], Test: ["audience"] };
/** Tables whose updatedAt Prisma fills in (no database default): now(), unless a row says otherwise. */
const UPDATED_AT: Table[] = ["Shop", "Site", "Test"];

/** Inserts `rows` into `table` in one statement; the columns are those any row names. */
export async function seedRows<T extends Table>(sql: Sql, table: T, rows: Array<Columns<T>>): Promise<void> {
  if (rows.length === 0) return;
  const filled: Array<Record<string, unknown>> = rows.map((row) => (UPDATED_AT.includes(table) ? { updatedAt: NOW, ...row } : { ...row }));
  const columns = [...new Set(filled.flatMap((row) => Object.keys(row)))];
  const json: string[] = JSON_COLUMNS[table] ?? [];
  const params: unknown[] = [];
  const values = filled.map((row) => {
    const cells = columns.map((column) => {
      const value = row[column];
      if (value === undefined) return "DEFAULT";
      if (value instanceof SqlValue) return value.sql;
      params.push(json.includes(column) && value !== null ? JSON.stringify(value) : value);
      return `$${params.length}`;
    });
    return `(${cells.join(", ")})`;
  });
  const names = columns.map((column) => `"${column}"`).join(", ");
  await sql.query(`INSERT INTO "${table}" (${names}) VALUES ${values.join(", ")}`, params);
}

/** A shop: its id is its domain unless given. */
export async function seedShop(sql: Sql, shop: { domain: string } & Columns<"Shop">): Promise<{ id: string; domain: string }> {
  const row = { id: shop.domain, ...shop };
  await seedRows(sql, "Shop", [row]);
  return { id: row.id as string, domain: row.domain };
}

export interface SiteRef {
  /** The row's id (what Test.siteId and the event tables hold). */
  id: string;
  /** The Site ID of the tag (data-svc-site) and of every token and endpoint. */
  publicId: string;
  shopId: string;
}

export interface SiteSeed extends Columns<"Site"> {
  /** The row's id; also its Site ID unless publicId is given. */
  id: string;
  /** The domain of the shop it belongs to (seeded, or installed through the admin). */
  shop: string;
}

/** A site of a shop: a web site named `Site <id>` unless told otherwise. */
export async function seedSite(sql: Sql, { shop, ...site }: SiteSeed): Promise<SiteRef> {
  const [owner] = await sql.query<{ id: string }>(`SELECT id FROM "Shop" WHERE domain = $1`, [shop]);
  if (!owner) throw new Error(`no shop ${shop}: seed it, or install it through the admin first`);
  const row = { publicId: site.id, kind: "web", name: `Site ${site.id}`, ...site, shopId: owner.id };
  await seedRows(sql, "Site", [row]);
  return { id: row.id, publicId: row.publicId as string, shopId: owner.id };
}

/** The storefront site (kind shopify) that installing the shop created. */
export async function storefrontSite(sql: Sql, shop: string): Promise<SiteRef> {
  const [site] = await sql.query<SiteRef>(
    `SELECT s.id, s."publicId", s."shopId" FROM "Site" s JOIN "Shop" p ON p.id = s."shopId" WHERE p.domain = $1 AND s.kind = 'shopify'`,
    [shop],
  );
  if (!site) throw new Error(`${shop} has no storefront site: was it installed?`);
  return site;
}

/** An arm; by position i: id `<test>-a`, `<test>-b`…, key `control`, `b`, `c`…, name `Original`, `Variant B`… */
export interface ArmSeed extends Omit<Columns<"Arm">, "testId" | "position"> {
  id?: string;
  key?: string;
  name?: string;
  patches?: unknown[];
  redirectUrl?: string | null;
}

/** A goal: id `<test>-<label>`, a custom goal unless `kind` says otherwise, primary if it is the test's first. */
export interface GoalSeed extends Omit<Columns<"Goal">, "testId" | "isPrimary"> {
  label: string;
  primary?: boolean;
}

export interface TestSeed extends Omit<Columns<"Test">, "siteId"> {
  id: string;
  /** The Site ID (publicId) of the site it runs on. */
  site: string;
  /** Default `Test <id>`. */
  name?: string;
  /** Default draft. */
  status?: "draft" | "running" | "paused" | "completed" | "archived";
  /** Default: now() unless the test is a draft, which has not started. */
  startedAt?: unknown;
  /** Its arms, or how many default ones; default two (control and Variant B). */
  arms?: number | ArmSeed[];
  /** Its goals; a label alone is a custom goal. Default none. */
  goals?: Array<string | GoalSeed>;
}

/** A test on a site with its arms and goals. */
export async function seedTest(sql: Sql, { site, arms = 2, goals = [], ...test }: TestSeed): Promise<void> {
  const [row] = await sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = $1`, [site]);
  if (!row) throw new Error(`no site ${site}`);
  const status = test.status ?? "draft";
  await seedRows(sql, "Test", [{ name: `Test ${test.id}`, startedAt: status === "draft" ? null : NOW, ...test, status, siteId: row.id }]);
  const armSeeds = typeof arms === "number" ? Array.from({ length: arms }, () => ({})) : arms;
  await seedRows(
    sql,
    "Arm",
    armSeeds.map((arm, position) => {
      const letter = String.fromCharCode(97 + position);
      const key = position === 0 ? "control" : letter;
      return { id: `${test.id}-${letter}`, key, name: position === 0 ? "Original" : `Variant ${letter.toUpperCase()}`, ...arm, testId: test.id, position };
    }),
  );
  await seedRows(
    sql,
    "Goal",
    goals.map((goal, index) => {
      const { label, primary = index === 0, ...rest } = typeof goal === "string" ? { label: goal } : goal;
      return { id: `${test.id}-${label}`, label, ...rest, isPrimary: primary, testId: test.id };
    }),
  );
}

const NETWORK_COUNTS = ["exposedVisitors", "convertingVisitors", "conversions", "conversionSquares"] as const;
const NETWORK_AMOUNTS = ["revenue", "revenueSquares", "cappedRevenue", "cappedRevenueSquares", "cappedRevenueCubes", "revenueConversions", "cappedRevenueConversions"] as const;

/**
 * NetworkRollup rows that spread a test's DailyRollup rows (summed over their days) evenly over `count`
 * networks: the honest traffic from many networks that the robust view wants before svc acts by itself
 * (app/domain/results/robust-view.ts). Counts are split whole, amounts in proportion.
 */
export function networkRowsFor(rows: ReadonlyArray<Columns<"DailyRollup">>, count: number): Array<Columns<"NetworkRollup">> {
  const sums = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    const key = [r.siteId, r.testId, r.armId, r.goal, r.currency ?? ""].join("\u0000");
    const sum = sums.get(key) ?? { siteId: r.siteId, testId: r.testId, armId: r.armId, goal: r.goal, currency: r.currency ?? "" };
    for (const f of [...NETWORK_COUNTS, ...NETWORK_AMOUNTS]) sum[f] = Number(sum[f] ?? 0) + Number((r as Record<string, unknown>)[f] ?? 0);
    sums.set(key, sum);
  }
  const out: Array<Columns<"NetworkRollup">> = [];
  for (const sum of sums.values()) {
    for (let i = 0; i < count; i++) {
      const row: Record<string, unknown> = { siteId: sum.siteId, testId: sum.testId, armId: sum.armId, goal: sum.goal, currency: sum.currency, network: `seeded-${i}` };
      for (const f of NETWORK_COUNTS) {
        const total = Number(sum[f]);
        row[f] = Math.floor(total / count) + (i < total % count ? 1 : 0);
      }
      for (const f of NETWORK_AMOUNTS) row[f] = Number(sum[f]) / count;
      out.push(row as Columns<"NetworkRollup">);
    }
  }
  return out;
}

/**
 * One arm's DailyRollup rows today (without siteId and testId): `visitors` exposed visitors, `buyers` of
 * them buying orders of $60 on average.
 */
export function purchaseRows(armId: string, buyers: number, visitors = 20_000) {
  const day = new Date().toISOString().slice(0, 10);
  const base = { armId, day, exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0 };
  return [
    { ...base, goal: "", currency: "", exposures: visitors, exposedVisitors: visitors },
    {
      ...base, goal: "purchase", currency: "USD", convertingVisitors: buyers, conversions: buyers, conversionSquares: buyers,
      revenue: buyers * 60, revenueSquares: buyers * 7_200, cappedRevenue: buyers * 60, cappedRevenueSquares: buyers * 7_200, cappedRevenueCubes: buyers * 1_296_000,
    },
  ];
}
