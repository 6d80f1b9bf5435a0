// The admin home's install card: whether svc's app embed is on in the live theme, and the way to switch it on.
import { Badge, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { BadgeProps } from "@shopify/polaris";
import type { EmbedStatus } from "~/domain/shopify/theme-embed";

type ShopifyStatus = Extract<EmbedStatus, { mode: "shopify" }>;

const BADGES: Record<ShopifyStatus["embed"], { tone: BadgeProps["tone"]; label: string }> = {
  on: { tone: "success", label: "App embed on" },
  off: { tone: "attention", label: "App embed off" },
  unknown: { tone: undefined, label: "App embed state unknown" },
  "could-not-check": { tone: "warning", label: "Could not check" },
};

const EXPLANATIONS: Record<ShopifyStatus["embed"], string> = {
  on: "The svc snippet is on your storefront: tests run and visits are measured.",
  off: "Switch on the svc app embed in your theme editor so that tests can run on your storefront.",
  unknown: "The live theme's settings could not be read. Check App embeds in your theme editor.",
  "could-not-check": "Shopify could not be asked just now (could not check). Reload the page, or check App embeds in your theme editor.",
};

export function EmbedCard({ status }: { status: EmbedStatus }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Storefront
        </Text>
        {status.mode === "demo" ? (
          <Text as="p" tone="subdued">
            local demo: the embed is simulated at <a href="/demo/shopify">/demo/shopify</a>
          </Text>
        ) : (
          <ShopifyEmbed status={status} />
        )}
      </BlockStack>
    </Card>
  );
}

function ShopifyEmbed({ status }: { status: ShopifyStatus }) {
  const badge = BADGES[status.embed];
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {status.themeName && (
          <Text as="span" tone="subdued">
            {`in ${status.themeName}`}
          </Text>
        )}
      </InlineStack>
      <Text as="p">{EXPLANATIONS[status.embed]}</Text>
      {status.embed !== "on" && (
        <InlineStack>
          {/* The theme editor cannot open inside the embedded admin's iframe: leave it, top-level. */}
          <Button url={status.activateUrl} target="_top" variant="primary">
            Turn on in theme editor
          </Button>
        </InlineStack>
      )}
    </BlockStack>
  );
}
