// Settings: the account owner's email for announcements of breaking changes and the notices the merchant asks
// for, raw-event retention, and the typical lift that chance to win assumes.
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Card, Layout, List, Page } from "@shopify/polaris";
import { UnsavedChangesBar, useToast } from "~/components/admin/app-bridge";
import { NoticesForm } from "~/components/settings/NoticesForm";
import { SettingsForm, type SettingsValues } from "~/components/settings/SettingsForm";
import { adminAnswer } from "~/http/web/admin-answer";
import { loadSettings, saveSettings } from "~/services/admin/settings.server";
import { mapOutcome } from "~/services/outcome";
import { authenticateAdmin } from "~/shopify.server";
import { readForm } from "~/http/web/form";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  const settings = await loadSettings(shop);
  if (!settings.ok) throw adminAnswer(settings);
  return settings.value;
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  const form = await readForm(request);
  const text = (key: string) => (typeof form.get(key) === "string" ? String(form.get(key)) : null);
  const saved = await saveSettings(shop, {
    ownerEmail: text("ownerEmail"),
    retentionDays: text("retentionDays"),
    liftPriorPercent: text("liftPriorPercent"),
    excludeStaff: text("excludeStaff"),
    notices: text("notices"),
  });
  return adminAnswer(mapOutcome(saved, (fields) => ({ saved: fields })));
};

export default function Settings() {
  const settings = useLoaderData<typeof loader>();
  const toast = useToast();
  const fetcher = useFetcher<typeof action>();
  const saved = useMemo<SettingsValues>(
    () => ({
      ownerEmail: settings.ownerEmail ?? "",
      retentionDays: String(settings.retentionDays),
      // 0.05 → "5", without binary noise such as 5.000000000000001.
      liftPriorPercent: String(Math.round(settings.liftPriorSd * 10_000) / 100),
      excludeStaff: settings.excludeStaff,
      notices: settings.notices,
    }),
    // The list by value: a revalidation after a refused save brings a new array, and must not reset the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [settings.ownerEmail, settings.retentionDays, settings.liftPriorSd, settings.excludeStaff, settings.notices.join()],
  );
  const [values, setValues] = useState(saved);
  useEffect(() => setValues(saved), [saved]);
  const dirty =
    values.ownerEmail !== saved.ownerEmail ||
    values.retentionDays !== saved.retentionDays ||
    values.liftPriorPercent !== saved.liftPriorPercent ||
    values.excludeStaff !== saved.excludeStaff ||
    values.notices.join() !== saved.notices.join();

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "saved" in fetcher.data) toast("Settings saved");
  }, [fetcher.state, fetcher.data, toast]);

  const save = useCallback(() => fetcher.submit({ ...values, excludeStaff: values.excludeStaff ? "on" : "off", notices: values.notices.join(",") }, { method: "post" }), [fetcher, values]);
  const errors = fetcher.data && "fieldErrors" in fetcher.data ? fetcher.data.fieldErrors : {};
  return (
    <Page title="Settings">
      <UnsavedChangesBar open={dirty} saving={fetcher.state !== "idle"} onSave={save} onDiscard={() => setValues(saved)} />
      <Layout>
        {settings.waiting.length > 0 && (
          <Layout.Section>
            <Banner tone="warning" title={`${settings.waiting.length === 1 ? "An email waits" : `${settings.waiting.length} emails wait`} for the account owner's email`}>
              <BlockStack gap="200">
                <p>svc has no address to send these to. Enter the account owner's email below and save: they are sent then.</p>
                <List>
                  {settings.waiting.map((email) => (
                    <List.Item key={`${email.queuedAt}:${email.subject}`}>{email.subject}</List.Item>
                  ))}
                </List>
              </BlockStack>
            </Banner>
          </Layout.Section>
        )}
        <Layout.AnnotatedSection title="Account and data" description="Who hears about breaking changes, how long raw visitor events are kept, and what chance to win assumes.">
          <Card>
            <SettingsForm values={values} errors={errors} bounds={settings.bounds} priorBounds={settings.priorBounds} priorInUse={settings.priorInUse} onChange={setValues} />
          </Card>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          title="Notices"
          description="By default svc emails you only to announce breaking changes. Switch on what else you want to hear about; the admin shows every one of these on the test, whether or not you are emailed."
        >
          <Card>
            <NoticesForm values={values} error={errors.notices} onChange={setValues} />
          </Card>
        </Layout.AnnotatedSection>
      </Layout>
    </Page>
  );
}
