// What the test's page shows of the selector check: whether there is anything to check, the page it opens
// on, and the last check reviewed against the test's changes as they are now (its warnings, and whether
// the changes were edited since).
import { checkableChanges, reviewCheck, type SelectorCheckView } from "~/domain/experiments/selector-check";
import type { EditorTestRow } from "~/models/tests/editor.server";
import { findSelectorCheck } from "~/models/tests/selector-check.server";
import { launchOf, type EditorLinkContext } from "~/services/editor/links.server";

export interface SelectorCheckPanel {
  /** The page the check opens on (the editor's proposed page); null when the site has no origin yet. */
  pageUrl: string | null;
  /** Origins a chosen page must be on. */
  origins: string[];
  /** Changes with a selector the check would count now. */
  checkable: number;
  last: SelectorCheckView | null;
}

/** The panel for a test of the shop (the results page reads it once for all its parts); null when it is archived. */
export async function selectorCheckPanelOf(test: EditorTestRow, context: EditorLinkContext): Promise<SelectorCheckPanel | null> {
  if (test.status === "archived") return null;
  const { pageUrl, origins } = launchOf(test, context);
  const last = await findSelectorCheck(test.id);
  return { pageUrl, origins, checkable: checkableChanges(test.arms).length, last: last && reviewCheck(last, test.arms, test.pages) };
}
