// The embedded admin's layout: authenticates every /app page, then wraps it in App Bridge and Polaris.
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider as ShopifyAppProvider } from "@shopify/shopify-app-remix/react";
import { AppProvider as PolarisAppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import backActionStyles from "~/components/admin/back-action.css?url";
import { AdminNav, AdminShellProvider, type NavItem } from "~/components/admin/app-bridge";
import { appIdentity, authenticateAdmin } from "~/shopify.server";

export const links = () => [
  { rel: "stylesheet", href: polarisStyles },
  { rel: "stylesheet", href: backActionStyles },
];

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { demo } = await authenticateAdmin(request, context);
  return { apiKey: appIdentity().apiKey, demo };
};

const NAV: NavItem[] = [
  { to: "/app", label: "Tests" },
  { to: "/app/groups", label: "Groups" },
  { to: "/app/holdout", label: "Holdout" },
  { to: "/app/sites", label: "Sites & install" },
  { to: "/app/settings", label: "Settings" },
];

export default function App() {
  const { apiKey, demo } = useLoaderData<typeof loader>();
  if (demo) {
    // The local demo has no Shopify admin around it, so App Bridge has nothing to talk to.
    return (
      <PolarisAppProvider i18n={enTranslations}>
        <AdminShellProvider embedded={false}>
          <AdminNav items={NAV} />
          <Outlet />
        </AdminShellProvider>
      </PolarisAppProvider>
    );
  }
  return (
    <ShopifyAppProvider isEmbeddedApp apiKey={apiKey}>
      <AdminShellProvider embedded>
        <AdminNav items={NAV} />
        <Outlet />
      </AdminShellProvider>
    </ShopifyAppProvider>
  );
}

// Shopify needs Remix to catch some thrown responses, so that their headers are included in the response.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
