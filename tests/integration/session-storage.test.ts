// Our Prisma SessionStorage on a real database, used by Shopify's own library to authenticate requests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, shopifyApp } from "@shopify/shopify-app-remix/server";
import { testConfig } from "@shopify/shopify-app-remix/test-helpers";
import { Session } from "@shopify/shopify-api";
import { RequestType, setUpValidRequest, setUpValidSession } from "@shopify/shopify-api/test-helpers";
import { openDatabase, type Database } from "~/db/connection.server";
import { loadMigrations, migrate } from "~/db/migrate.server";
import { PrismaClient } from "~/generated/prisma/client";
import { PrismaSessionStorage } from "~/models/shopify/session.server";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases";

describe.each(databaseKinds)("PrismaSessionStorage on %s", (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  let client: PrismaClient;
  let storage: PrismaSessionStorage;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = await openDatabase(testDb.config);
    await migrate(database.sql, await loadMigrations("prisma/migrations"));
    client = new PrismaClient({ adapter: database.adapter });
    storage = new PrismaSessionStorage(async () => client);
  });
  afterAll(async () => {
    await client?.$disconnect();
    await database?.close();
    await testDb?.drop();
  });

  it("stores and loads an online session with its user, unchanged", async () => {
    const session = new Session({
      id: "online-1",
      shop: "a.myshopify.com",
      state: "s1",
      isOnline: true,
      scope: "read_orders",
      expires: new Date("2030-01-01T00:00:00Z"),
      accessToken: "token-1",
    });
    session.onlineAccessInfo = {
      expires_in: 0,
      associated_user_scope: "read_orders",
      associated_user: {
        id: 9007199254740,
        first_name: "Ada",
        last_name: "L",
        email: "ada@example.com",
        account_owner: true,
        locale: "en",
        collaborator: false,
        email_verified: true,
      },
    };
    expect(await storage.storeSession(session)).toBe(true);
    const loaded = await storage.loadSession("online-1");
    expect(loaded?.toObject()).toEqual(session.toObject());
    expect(loaded?.onlineAccessInfo?.associated_user.id).toBe(9007199254740);
  });

  it("overwrites on store, finds by shop, deletes one and many", async () => {
    const make = (id: string, shop: string, token: string) =>
      new Session({ id, shop, state: "", isOnline: false, accessToken: token, scope: "read_orders" });
    await storage.storeSession(make("offline_b", "b.myshopify.com", "t1"));
    await storage.storeSession(make("offline_b", "b.myshopify.com", "t2"));
    await storage.storeSession(make("x", "b.myshopify.com", "t3"));
    expect((await storage.loadSession("offline_b"))?.accessToken).toBe("t2");
    expect((await storage.findSessionsByShop("b.myshopify.com")).map((s) => s.id).sort()).toEqual(["offline_b", "x"]);
    await storage.deleteSession("x");
    expect(await storage.loadSession("x")).toBeUndefined();
    await storage.deleteSessions(["offline_b", "missing"]);
    expect(await storage.findSessionsByShop("b.myshopify.com")).toEqual([]);
  });

  it("lets Shopify's library authenticate a session-token request against it", async () => {
    const shopify = shopifyApp(
      testConfig({ sessionStorage: storage, apiVersion: ApiVersion.July26, future: { unstable_newEmbeddedAuthStrategy: true } }),
    );
    const session = setUpValidSession({ shop: "test-shop.myshopify.com", expires: undefined });
    await storage.storeSession(session);
    const request = await setUpValidRequest(
      { type: RequestType.Bearer, store: "test-shop", apiKey: "testApiKey", apiSecretKey: "testApiSecretKey" },
      new Request("https://my-test-app.myshopify.io/app", { headers: { "User-Agent": "Mozilla/5.0 Chrome/156" } }),
    );
    const { session: authenticated } = await shopify.authenticate.admin(request);
    expect(authenticated.shop).toBe("test-shop.myshopify.com");
    expect(authenticated.accessToken).toBe(session.accessToken);
  });
});
