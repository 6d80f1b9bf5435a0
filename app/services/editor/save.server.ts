// PUT /api/editor/patches: the token's arm's patches replaced by the editor's, validated by the admin form's
// own rules (patch shape, the edit policy of a test that has run), written once, then served at once.
import { lockExplanation, structureEditable } from "~/domain/experiments/test-edit-policy";
import { patchListSchema } from "~/domain/experiments/patch-shape";
import { replaceDraftArmPatches } from "~/models/tests/editor.server";
import type { Patch } from "~/wire";
import type { EditorSaveResponse } from "~/wire/editor";
import { granted, openEditorRequest, ORIGIN_NOT_ALLOWED, refusedOrigin, type CorsGrant, type EditorRequest } from "./access.server";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";
import { invalidateSite } from "~/services/site-cache.server";

/** 100 patches of up to 50,000 characters of HTML each fit; anything larger is not an editor's save. */
export const MAX_EDITOR_BODY_BYTES = 2 * 1024 * 1024;

const MAX_ISSUES = 10;

const invalidPatches = (issues: string[]): Problem => ({ status: 422, type: "invalid-patches", title: "The patches are not valid", issues });

/** The body's patches, or the problem with it: field paths as the admin form names them ("patches.2.sel"). */
export function readPatches(text: string): Outcome<Patch[]> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail({ status: 400, type: "invalid-body", title: "The body is not JSON" });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body) || !("patches" in body)) {
    return fail(invalidPatches(["patches: required, a list of patches"]));
  }
  const parsed = patchListSchema.safeParse(body.patches);
  if (!parsed.success) {
    return fail(invalidPatches(parsed.error.issues.slice(0, MAX_ISSUES).map((issue) => `${["patches", ...issue.path.map(String)].join(".")}: ${issue.message}`)));
  }
  return ok(parsed.data as Patch[]);
}

function lockedProblem(status: Parameters<typeof lockExplanation>[0]): Problem {
  return { status: 409, type: "test-locked", title: "This test's changes are locked", detail: lockExplanation(status) ?? undefined };
}

export async function saveEditorPatches(request: EditorRequest, body: Outcome<string>): Promise<Outcome<EditorSaveResponse> & CorsGrant> {
  const gate = await openEditorRequest(request);
  const answer = (outcome: Outcome<EditorSaveResponse>) => granted(gate.allowOrigin, outcome);
  if (!gate.ok) return answer(fail(gate.problem));
  if (refusedOrigin(request, gate)) return answer(fail(ORIGIN_NOT_ALLOWED));
  const { test, arm } = gate.value;
  if (!structureEditable(test.status)) return answer(fail(lockedProblem(test.status)));
  if (arm.position === test.arms[0]?.position) {
    return answer(fail({ status: 409, type: "arm-is-control", title: "The control shows the page as it is", detail: "Edit a variant instead." }));
  }
  if (arm.redirectUrl) {
    return answer(fail({ status: 409, type: "arm-redirects", title: "This variant sends visitors to another URL", detail: "Its changes are a redirect, not patches: edit it in the admin." }));
  }
  if (!body.ok) return answer(body);
  const patches = readPatches(body.value);
  if (!patches.ok) return answer(patches);
  // Started between the check above and this write: the write is refused as a whole.
  if (!(await replaceDraftArmPatches(test.id, arm.id, patches.value))) {
    return answer(fail({ status: 409, type: "test-locked", title: "This test's changes are locked", detail: "The test changed while saving: open the editor again from the admin." }));
  }
  invalidateSite(test.site.publicId);
  return answer(ok({ patches: patches.value }));
}
