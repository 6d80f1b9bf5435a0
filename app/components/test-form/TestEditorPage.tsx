// The test editor page (new and edit): the form's sections, the unsaved-changes bar, inline errors,
// toasts, the lock of a test that has run and "Duplicate as a new draft".
import { useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useNavigate } from "@remix-run/react";
import { Banner, BlockStack, Card, EmptyState, Layout, Page, Text } from "@shopify/polaris";
import { structureEditable } from "~/domain/experiments/test-edit-policy";
import { goalsForSite, MAX_NAME_LENGTH, parseTestForm, type FieldErrors, type TestFormValues } from "~/domain/experiments/test-form";
import { ConfirmModal, UnsavedChangesBar, useToast } from "~/components/admin/app-bridge";
import { ArmsSection } from "./ArmsSection";
import { AudienceSection } from "./AudienceSection";
import { BasicsSection } from "./BasicsSection";
import { GoalsSection } from "./GoalsSection";
import { GroupPicker } from "./GroupPicker";
import { PagesSection } from "./PagesSection";
import type { EditorData, SaveAnswer } from "./types";

const SELECTOR_FIELD = /\.(sel|selector)$/;

/**
 * The errors shown as the merchant types, before any save: a typed selector (syntax, and html/body/head/:root as
 * the server refuses them), and a name past its cap (the field does not cut it, so it says so at once).
 */
function typedErrors(errors: FieldErrors, values: TestFormValues): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([path, message]) => (SELECTOR_FIELD.test(path) && message !== "Enter a CSS selector") || (path === "name" && values.name.trim().length > MAX_NAME_LENGTH),
    ),
  );
}

/** A field the form marks wrong, or an error said beside a group of fields, or the form's own banner. */
const ERROR_MARK = '[aria-invalid="true"], .Polaris-InlineError, [data-svc-form-error]';

/** Brings the first error of the form into view and focuses its field, so a refused save says where to look. */
function showFirstError(form: HTMLElement | null): void {
  const first = form?.querySelector<HTMLElement>(ERROR_MARK);
  if (!first) return;
  first.scrollIntoView({ block: "center" });
  const field = first.matches("input, select, textarea") ? first : null;
  field?.focus({ preventScroll: true });
}

const STATUS_WORDS = { draft: "Draft", running: "Running", paused: "Paused", completed: "Completed", archived: "Archived" } as const;

export function TestEditorPage({ data }: { data: EditorData }) {
  const fetcher = useFetcher<SaveAnswer>();
  const navigate = useNavigate();
  const toast = useToast();
  const savedText = JSON.stringify(data.values);
  const [values, setValues] = useState<TestFormValues>(data.values);
  const [baseline, setBaseline] = useState(savedText);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [confirmDuplicate, setConfirmDuplicate] = useState(false);
  const handled = useRef<SaveAnswer | undefined>(undefined);
  const formRef = useRef<HTMLDivElement>(null);
  // Each refused save, counted: after the errors it brought have rendered, the first one is shown.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) showFirstError(formRef.current);
  }, [refusals]);

  // After a successful save the loader answers the stored test: it becomes the new baseline.
  useEffect(() => {
    setValues(JSON.parse(savedText) as TestFormValues);
    setBaseline(savedText);
    setSubmitted(null);
  }, [savedText]);

  const current = JSON.stringify(values);
  const dirty = current !== baseline;
  const saving = fetcher.state !== "idle";
  const groupContext = useMemo(() => data.groups.map((g) => ({ id: g.id, siteId: g.siteId })), [data.groups]);
  const live = useMemo(() => parseTestForm(values, { sites: data.sites, groups: groupContext }), [values, data.sites, groupContext]);
  const answer = fetcher.data;
  const errors: FieldErrors = {
    // A typed selector is judged at once (syntax, and html/body/head/:root as the server refuses them).
    ...(live.ok ? {} : typedErrors(live.errors, values)),
    ...(submitted !== null && !live.ok ? live.errors : {}),
    // The server's errors (a locked part, a test gone) hold until the form changes again.
    ...(answer && !answer.ok && submitted === current ? answer.errors : {}),
  };

  useEffect(() => {
    if (!answer || fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      toast(answer.errors.form ?? "Fix the highlighted fields", { isError: true });
      setRefusals((n) => n + 1);
      return;
    }
    if (answer.duplicated) {
      toast("Duplicated as a new draft");
      navigate(`/app/tests/${answer.id}/edit`);
    } else if (!data.test) {
      toast("Test created");
      navigate(`/app/tests/${answer.id}/edit`);
    } else {
      toast("Test saved");
    }
  }, [answer, fetcher.state, toast, navigate, data.test]);

  const save = () => {
    setSubmitted(current);
    if (!live.ok) {
      toast("Fix the highlighted fields", { isError: true });
      setRefusals((n) => n + 1);
      return;
    }
    fetcher.submit({ intent: "save", definition: current }, { method: "post" });
  };
  const duplicate = () => {
    setConfirmDuplicate(false);
    fetcher.submit({ intent: "duplicate" }, { method: "post" });
  };
  // A group belongs to one site: choosing another site leaves the group. The goals follow the site's kind: a new
  // test's first goals become the new site's, and what the new site cannot count goes (goalsForSite).
  const kindOf = (siteId: string) => data.sites.find((s) => s.id === siteId)?.kind;
  const change = (patch: Partial<TestFormValues>) =>
    setValues((v) => {
      const moved = patch.siteId !== undefined && patch.siteId !== v.siteId;
      const next = { ...v, ...patch };
      return moved ? { ...next, groupId: "", groupShare: "", goals: goalsForSite(next.goals, kindOf(v.siteId), kindOf(patch.siteId!)) } : next;
    });

  const status = data.test?.status ?? "draft";
  const locked = !structureEditable(status);
  const site = data.sites.find((s) => s.id === values.siteId);
  const title = data.test ? data.test.name : "New test";

  if (data.sites.length === 0) {
    return (
      <Page title="New test" backAction={{ content: "Tests", url: "/app" }}>
        <Card>
          <EmptyState heading="Add a site first" action={{ content: "Add a site", url: "/app/sites" }} image="">
            <p>A test runs on one of your sites. Add the site and install its tag, then come back to create the test.</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }

  return (
    <Page
      title={title}
      subtitle={data.test ? `${STATUS_WORDS[status]} test` : "Create an A/B test"}
      backAction={{ content: data.test ? "Results" : "Tests", url: data.test ? `/app/tests/${data.test.id}` : "/app" }}
      primaryAction={{ content: data.test ? "Save test" : "Create test", onAction: save, loading: saving, disabled: Boolean(data.test) && !dirty }}
      secondaryActions={data.test ? [{ content: "Duplicate as new draft", onAction: () => (dirty ? setConfirmDuplicate(true) : duplicate()), disabled: saving }] : []}
    >
      <div ref={formRef}>
        <UnsavedChangesBar open={dirty} saving={saving} onSave={save} onDiscard={() => { setValues(JSON.parse(baseline) as TestFormValues); setSubmitted(null); }} />
        <Layout>
          {(data.lock || errors.form) && (
            <Layout.Section>
              <div {...(errors.form && { "data-svc-form-error": "" })}>
                <Banner
                  tone={errors.form ? "critical" : "info"}
                  title={errors.form && !data.lock ? "The test could not be saved" : "Pages, traffic, arms and goals are locked"}
                  action={data.test ? { content: "Duplicate as new draft", onAction: () => (dirty ? setConfirmDuplicate(true) : duplicate()) } : undefined}
                >
                  <p>{errors.form ?? data.lock}</p>
                </Banner>
              </div>
            </Layout.Section>
          )}
          <Layout.Section>
            <BlockStack gap="400">
              <BasicsSection values={values} sites={data.sites} errors={errors} siteLocked={locked} onChange={change} />
              <PagesSection pages={values.pages} errors={errors} disabled={locked} shopify={site?.kind === "shopify"} onChange={(pages) => change({ pages })} />
              <AudienceSection audience={values.audience ?? []} siteKind={site?.kind ?? "web"} errors={errors} disabled={locked} onChange={(audience) => change({ audience })} />
              <GroupPicker values={values} groups={data.groups} errors={errors} disabled={locked} onChange={change} />
              <ArmsSection
                values={values}
                siteKind={site?.kind ?? "web"}
                templates={data.templates}
                errors={errors}
                disabled={locked}
                onChange={change}
                storefrontEditor={data.test && data.storefrontEditor ? { testId: data.test.id, launch: data.storefrontEditor, dirty } : undefined}
              />
              <GoalsSection values={values} siteKind={site?.kind ?? "web"} errors={errors} goalsLocked={locked} onChange={change} />
            </BlockStack>
          </Layout.Section>
        </Layout>
      </div>
      <ConfirmModal
        open={confirmDuplicate}
        title="Duplicate without your changes?"
        confirm={{ label: "Duplicate", onAction: duplicate }}
        onClose={() => setConfirmDuplicate(false)}
      >
        <Text as="p">The copy is made from the saved test; your unsaved changes here are discarded.</Text>
      </ConfirmModal>
    </Page>
  );
}
