// What the test editor's page receives from its loader and action (plain JSON, no server types).
import type { TestStatus } from "~/domain/experiments/test-edit-policy";
import type { FieldErrors, SiteKind, TestFormValues } from "~/domain/experiments/test-form";
import type { StorefrontEditorLaunch } from "./StorefrontEditorAction";

export interface EditorSiteOption {
  id: string;
  name: string;
  kind: SiteKind;
}

export interface EditorGroupOption {
  id: string;
  name: string;
  /** The group's site (public id). */
  siteId: string;
  taken: Array<{ testId: string; testName: string; start: number; share: number }>;
}

export type TemplateOptions =
  | { source: "typed" }
  | { source: "theme"; themeName: string; choices: Array<{ suffix: string; types: string[] }> }
  | { source: "unavailable" };

export interface EditorData {
  sites: EditorSiteOption[];
  groups: EditorGroupOption[];
  values: TestFormValues;
  test: { id: string; name: string; status: TestStatus } | null;
  lock: string | null;
  templates: TemplateOptions;
  /** "Edit on the storefront" for the saved variants; absent for a new test, null for an archived one. */
  storefrontEditor?: StorefrontEditorLaunch | null;
}

/** The action's answer: the saved test's id, or field errors. */
export type SaveAnswer = { ok: true; id: string; duplicated?: boolean } | { ok: false; errors: FieldErrors };

/** Field errors under `prefix` ("arms.1") with the prefix removed. */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const under: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path.startsWith(`${prefix}.`)) under[path.slice(prefix.length + 1)] = message;
  }
  return under;
}
