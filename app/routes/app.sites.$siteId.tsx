// One site of the shop: edit a web site, its tag and install rules, its API keys, and resume it when paused.
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Card, Layout, Page, Text } from "@shopify/polaris";
import { UnsavedChangesBar, useToast } from "~/components/admin/app-bridge";
import { ApiKeysCard } from "~/components/api-keys/ApiKeysCard";
import { EmbedCard } from "~/components/install/EmbedCard";
import { PausedSiteBanner } from "~/components/sites/PausedSiteBanner";
import { SiteActivityCard } from "~/components/sites/SiteActivityCard";
import { RevenueCapCard } from "~/components/sites/RevenueCapCard";
import { SiteForm, readSiteForm, siteFormData, type SiteFormValues } from "~/components/sites/SiteForm";
import { SnippetTagCard } from "~/components/sites/SnippetTagCard";
import { adminAnswer } from "~/http/web/admin-answer";
import { loadEmbedStatus } from "~/services/admin/embed-status.server";
import { loadSiteDetail, resumeSite, updateWebSite, type SiteDetail } from "~/services/admin/site-admin.server";
import { createApiKey, revokeApiKey } from "~/services/admin/site-api-keys.server";
import { loadRevenueCapSetting, saveRevenueCapSetting } from "~/services/admin/revenue-cap.server";
import { fail, mapOutcome } from "~/services/outcome";
import { authenticateAdmin } from "~/shopify.server";
import { notFoundBoundary } from "~/components/admin/not-found-boundary";
import { readForm } from "~/http/web/form";

export const meta: MetaFunction<typeof loader> = ({ data: site }) => [{ title: site ? `${site.name} · svc` : "svc" }];

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { shop, demo, admin } = await authenticateAdmin(request, context);
  const found = await loadSiteDetail(shop, params.siteId ?? "", { demo, requestOrigin: new URL(request.url).origin });
  if (!found.ok) throw adminAnswer(found);
  const revenueCap = await loadRevenueCapSetting(shop, params.siteId ?? "");
  if (!revenueCap.ok) throw adminAnswer(revenueCap);
  // The storefront's page says itself whether the app embed is on, with its switch (no pointing elsewhere).
  const embed = found.value.kind === "shopify" ? await loadEmbedStatus(shop, admin) : null;
  return { ...found.value, revenueCap: revenueCap.value, embed };
};

export const action = async ({ request, context, params }: ActionFunctionArgs) => {
  const { shop, admin } = await authenticateAdmin(request, context);
  const siteId = params.siteId ?? "";
  const form = await readForm(request);
  const intent = form.get("intent");
  switch (intent) {
    case "update": {
      const saved = await updateWebSite(shop, siteId, readSiteForm(form));
      return adminAnswer(mapOutcome(saved, ({ id }) => ({ saved: id })), { intent });
    }
    case "resume":
      return adminAnswer(await resumeSite(shop, siteId, admin), { intent });
    case "revenue-cap": {
      const raw = form.get("revenueCap");
      const saved = await saveRevenueCapSetting(shop, siteId, typeof raw === "string" ? raw : null);
      return adminAnswer(mapOutcome(saved, ({ cap }) => ({ revenueCap: cap })), { intent });
    }
    case "create-key": {
      const created = await createApiKey(shop, siteId, typeof form.get("name") === "string" ? String(form.get("name")) : null);
      // The one answer that carries the key's plaintext; the loader only ever lists prefixes.
      return adminAnswer(mapOutcome(created, (key) => ({ key })), { intent, status: 201 });
    }
    case "revoke-key": {
      const revoked = await revokeApiKey(shop, siteId, String(form.get("keyId") ?? ""));
      return adminAnswer(mapOutcome(revoked, ({ id }) => ({ revoked: id })), { intent });
    }
    default:
      return adminAnswer(fail({ status: 400, type: "unknown-intent", title: "Unknown action", detail: "intent must be update, resume, revenue-cap, create-key or revoke-key" }));
  }
};

function formValues(site: SiteDetail): SiteFormValues {
  return {
    name: site.name,
    domain: site.domain ?? "",
    allowedOrigins: site.allowedOrigins.join("\n"),
    consentCountries: site.consentCountries.join(", "),
    consentManagedByMerchant: site.consentManagedByMerchant,
    serverGoals: site.serverGoals.join("\n"),
  };
}

export default function SitePage() {
  const site = useLoaderData<typeof loader>();
  const toast = useToast();
  const saver = useFetcher<typeof action>();
  const resumer = useFetcher<typeof action>();
  const capSaver = useFetcher<typeof action>();
  const saved = useMemo(() => formValues(site), [site]);
  const [values, setValues] = useState(saved);
  useEffect(() => setValues(saved), [saved]);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);

  useEffect(() => {
    if (saver.state === "idle" && saver.data && "saved" in saver.data) toast("Site saved");
  }, [saver.state, saver.data, toast]);
  useEffect(() => {
    if (resumer.state === "idle" && resumer.data && "resumedTests" in resumer.data) toast(`Site resumed (${resumer.data.resumedTests} test(s) running again)`);
  }, [resumer.state, resumer.data, toast]);

  useEffect(() => {
    if (capSaver.state === "idle" && capSaver.data && "revenueCap" in capSaver.data) toast("Revenue cap saved");
  }, [capSaver.state, capSaver.data, toast]);
  const capError = capSaver.data && "fieldErrors" in capSaver.data && capSaver.data.intent === "revenue-cap" ? capSaver.data.fieldErrors.revenueCap : undefined;

  const save = useCallback(() => saver.submit(siteFormData(values, "update"), { method: "post" }), [saver, values]);
  const errors = saver.data && "fieldErrors" in saver.data && saver.data.intent === "update" ? saver.data.fieldErrors : {};

  return (
    <Page
      title={site.name}
      titleMetadata={<Badge tone={site.status === "active" ? "success" : "warning"}>{site.status === "active" ? "Active" : "Paused"}</Badge>}
      subtitle={site.kind === "shopify" ? "Shopify storefront" : (site.domain ?? "Web site")}
      backAction={{ content: "Sites & install", url: "/app/sites" }}
    >
      <UnsavedChangesBar open={dirty} saving={saver.state !== "idle"} onSave={save} onDiscard={() => setValues(saved)} />
      <Layout>
        {site.status === "paused" && (
          <Layout.Section>
            <PausedSiteBanner
              name={site.name}
              reason={site.pausedReason}
              pausedAt={site.pausedAt}
              resuming={resumer.state !== "idle"}
              onResume={() => resumer.submit({ intent: "resume" }, { method: "post" })}
            />
          </Layout.Section>
        )}
        {site.kind === "web" ? (
          <>
            <Layout.Section>
              <SnippetTagCard siteId={site.id} tag={site.tag} rules={site.installRules} headHelper={site.headHelper} firstVisitHelper={site.firstVisitHelper} />
            </Layout.Section>
            <Layout.Section>
              <Card>
                <SiteForm values={values} errors={errors} onChange={setValues} />
              </Card>
            </Layout.Section>
          </>
        ) : (
          <Layout.Section>
            <BlockStack gap="200">
              {site.embed && <EmbedCard status={site.embed} />}
              <Text as="p" tone="subdued">
                The Shopify storefront runs svc through the app embed (Site ID <code>{site.id}</code>), switched on in your theme
                editor under App embeds.
              </Text>
            </BlockStack>
          </Layout.Section>
        )}
        <Layout.Section>
          <SiteActivityCard activity={site.activity} kind={site.kind} />
        </Layout.Section>
        <Layout.Section>
          <RevenueCapCard
            view={site.revenueCap}
            error={capError}
            saving={capSaver.state !== "idle"}
            onSave={(value) => capSaver.submit({ intent: "revenue-cap", revenueCap: value }, { method: "post" })}
          />
        </Layout.Section>
        <Layout.Section>
          <ApiKeysCard keys={site.keys} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Site not found", message: "This shop has no such site.", back: { content: "Sites & install", url: "/app/sites" } });
