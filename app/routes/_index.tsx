// The app's front door: Shopify sends installs here with ?shop=; people get a short pointer.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isDemoMode } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  if (url.searchParams.get("shop")) throw redirect(`/app?${url.searchParams.toString()}`);
  return { demo: isDemoMode() };
};

export default function Index() {
  const { demo } = useLoaderData<typeof loader>();
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "4rem auto", lineHeight: 1.5 }}>
      <h1>svc</h1>
      <p>Page A/B tests and conversions for Shopify stores and any web site.</p>
      {demo ? (
        <ul>
          <li>
            <a href="/app">Admin (local demo)</a>
          </li>
          <li>
            <a href="/demo">Demo storefront</a>
          </li>
          <li>
            <a href="/healthz">Health</a>
          </li>
        </ul>
      ) : (
        <p>
          <a href="/auth/login">Log in with your Shopify store</a>
        </p>
      )}
    </main>
  );
}
