// Settings: the account owner's email for announcements of breaking changes, raw-event retention, and the
// typical lift that chance to win assumes.
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Card, Layout, Page } from "@shopify/polaris";
import { UnsavedChangesBar, useToast } from "~/components/admin/app-bridge";
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
    }),
    [settings.ownerEmail, settings.retentionDays, settings.liftPriorSd, settings.excludeStaff],
  );
  const [values, setValues] = useState(saved);
  useEffect(() => setValues(saved), [saved]);
  const dirty =
    values.ownerEmail !== saved.ownerEmail ||
    values.retentionDays !== saved.retentionDays ||
    values.liftPriorPercent !== saved.liftPriorPercent ||
    values.excludeStaff !== saved.excludeStaff;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "saved" in fetcher.data) toast("Settings saved");
  }, [fetcher.state, fetcher.data, toast]);

  const save = useCallback(() => fetcher.submit({ ...values, excludeStaff: values.excludeStaff ? "on" : "off" }, { method: "post" }), [fetcher, values]);
  const errors = fetcher.data && "fieldErrors" in fetcher.data ? fetcher.data.fieldErrors : {};
  return (
    <Page title="Settings">
      <UnsavedChangesBar open={dirty} saving={fetcher.state !== "idle"} onSave={save} onDiscard={() => setValues(saved)} />
      <Layout>
        <Layout.AnnotatedSection title="Account and data" description="Who hears about breaking changes, how long raw visitor events are kept, and what chance to win assumes.">
          <Card>
            <SettingsForm values={values} errors={errors} bounds={settings.bounds} priorBounds={settings.priorBounds} priorInUse={settings.priorInUse} onChange={setValues} />
          </Card>
        </Layout.AnnotatedSection>
      </Layout>
    </Page>
  );
}
