// Install or log in outside the Shopify admin: the merchant types their store's domain.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppProvider, Button, Card, FormLayout, Page, Text, TextField } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { useState } from "react";
import { readForm } from "~/http/web/form";
import { login } from "~/shopify.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

type LoginErrors = Awaited<ReturnType<typeof login>>;

function shopError(errors: unknown): string | undefined {
  const shop = (errors as { shop?: string } | null)?.shop;
  if (shop === "MISSING_SHOP") return "Please enter your shop domain to log in";
  if (shop === "INVALID_SHOP") return "Please enter a valid shop domain to log in";
  return undefined;
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  // HEAD runs the loader too, and the library would read a body it does not have.
  if (request.method !== "GET") return { error: undefined };
  const errors: LoginErrors = await login(request);
  return { error: shopError(errors) };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  // The library reads the form itself and throws on a body that is not one: refuse that here, as a 400.
  await readForm(request.clone());
  const errors: LoginErrors = await login(request);
  return { error: shopError(errors) };
};

export default function Auth() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [shop, setShop] = useState("");
  const error = actionData?.error ?? loaderData.error;
  return (
    <AppProvider i18n={enTranslations}>
      <Page narrowWidth>
        <Card>
          <Form method="post">
            <FormLayout>
              <Text variant="headingMd" as="h2">
                Log in
              </Text>
              <TextField
                type="text"
                name="shop"
                label="Shop domain"
                helpText="example.myshopify.com"
                value={shop}
                onChange={setShop}
                autoComplete="on"
                error={error}
              />
              <Button submit>Log in</Button>
            </FormLayout>
          </Form>
        </Card>
      </Page>
    </AppProvider>
  );
}
