// Shopify's SessionStorage on our Prisma client (the official Prisma adapter pins Prisma 6; see docs/decisions).
import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { prisma } from "~/db.server";
import type { PrismaClient, Session as SessionRow } from "~/generated/prisma/client";

type Client = Pick<PrismaClient, "session">;

export class PrismaSessionStorage implements SessionStorage {
  constructor(private readonly client: () => Promise<Client>) {}

  async storeSession(session: Session): Promise<boolean> {
    const row = toRow(session);
    const db = await this.client();
    await db.session.upsert({ where: { id: row.id }, create: row, update: row });
    return true;
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const db = await this.client();
    const row = await db.session.findUnique({ where: { id } });
    return row ? toSession(row) : undefined;
  }

  async deleteSession(id: string): Promise<boolean> {
    const db = await this.client();
    await db.session.deleteMany({ where: { id } });
    return true;
  }

  async deleteSessions(ids: string[]): Promise<boolean> {
    const db = await this.client();
    await db.session.deleteMany({ where: { id: { in: ids } } });
    return true;
  }

  async findSessionsByShop(shop: string): Promise<Session[]> {
    const db = await this.client();
    const rows = await db.session.findMany({ where: { shop }, take: 25, orderBy: { expires: "desc" } });
    return rows.map(toSession);
  }
}

function toRow(session: Session): SessionRow {
  const user = session.onlineAccessInfo?.associated_user;
  return {
    id: session.id,
    shop: session.shop,
    state: session.state,
    isOnline: session.isOnline,
    scope: session.scope ?? null,
    expires: session.expires ?? null,
    accessToken: session.accessToken ?? "",
    userId: user?.id != null ? BigInt(user.id) : null,
    firstName: user?.first_name ?? null,
    lastName: user?.last_name ?? null,
    email: user?.email ?? null,
    accountOwner: user?.account_owner ?? false,
    locale: user?.locale ?? null,
    collaborator: user?.collaborator ?? false,
    emailVerified: user?.email_verified ?? false,
    refreshToken: session.refreshToken ?? null,
    refreshTokenExpires: session.refreshTokenExpires ?? null,
  };
}

function toSession(row: SessionRow): Session {
  const session = new Session({
    id: row.id,
    shop: row.shop,
    state: row.state,
    isOnline: row.isOnline,
    ...(row.scope != null && { scope: row.scope }),
    ...(row.expires != null && { expires: row.expires }),
    ...(row.accessToken && { accessToken: row.accessToken }),
    ...(row.refreshToken != null && { refreshToken: row.refreshToken }),
    ...(row.refreshTokenExpires != null && { refreshTokenExpires: row.refreshTokenExpires }),
  });
  if (row.userId != null) {
    session.onlineAccessInfo = {
      expires_in: 0,
      associated_user_scope: row.scope ?? "",
      associated_user: {
        id: Number(row.userId),
        first_name: row.firstName ?? "",
        last_name: row.lastName ?? "",
        email: row.email ?? "",
        account_owner: row.accountOwner,
        locale: row.locale ?? "",
        collaborator: row.collaborator ?? false,
        email_verified: row.emailVerified ?? false,
      },
    };
  }
  return session;
}

export async function deleteSessionsOfShop(shop: string): Promise<void> {
  const db = await prisma();
  await db.session.deleteMany({ where: { shop } });
}

export async function setSessionScope(id: string, scope: string): Promise<void> {
  const db = await prisma();
  await db.session.updateMany({ where: { id }, data: { scope } });
}
