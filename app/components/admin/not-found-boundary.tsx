// The error boundary of an admin page about one record: a Polaris "not found" page for a 404 (another
// shop's id answers that too), Shopify's own boundary for anything else.
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { Card, Page, Text } from "@shopify/polaris";

export interface NotFound {
  title: string;
  message: string;
  back: { content: string; url: string };
}

/** An ErrorBoundary for a route whose loader throws a 404 when the record is not the shop's. */
export function notFoundBoundary({ title, message, back }: NotFound) {
  return function ErrorBoundary() {
    const error = useRouteError();
    if (isRouteErrorResponse(error) && error.status === 404) {
      return (
        <Page title={title} backAction={back}>
          <Card>
            <Text as="p">{message}</Text>
          </Card>
        </Page>
      );
    }
    // Anything else may be Shopify's own thrown response, which its boundary knows how to render.
    return boundary.error(error);
  };
}

/** The not-found page of a test (results, editor). */
export const TEST_NOT_FOUND: NotFound = {
  title: "Test not found",
  message: "This test does not exist or belongs to another shop.",
  back: { content: "Tests", url: "/app" },
};
