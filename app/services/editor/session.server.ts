// GET /api/editor/session: what the visual editor needs to start: the test, every arm with its patches,
// the arm being edited, whether the test still takes changes, and when the token ends.
import { validPatches } from "~/domain/experiments/patch-shape";
import { structureEditable } from "~/domain/experiments/test-edit-policy";
import type { EditorSession } from "~/wire/editor";
import { granted, openEditorRequest, type CorsGrant, type EditorRequest, type EditorPurpose } from "./access.server";

/** The tokens the session serves: the editor's, and the selector check's (which reads the same arms). */
export const SESSION_PURPOSES: readonly EditorPurpose[] = ["edit", "check"];
import { fail, ok, type Outcome } from "~/services/outcome";

export async function editorSession(request: EditorRequest): Promise<Outcome<EditorSession> & CorsGrant> {
  const gate = await openEditorRequest(request, SESSION_PURPOSES);
  if (!gate.ok) return granted(gate.allowOrigin, fail(gate.problem));
  const { purpose, claims, test } = gate.value;
  const session: EditorSession = {
    mode: purpose,
    site: claims.site,
    test: { id: test.id, name: test.name, status: test.status, pages: test.pages },
    arm: claims.arm,
    arms: test.arms.map((arm) => ({
      id: arm.id,
      name: arm.name,
      control: arm.position === test.arms[0]?.position,
      // Stored patches passed the same rules when saved; one that no longer does is shown as none.
      patches: validPatches(arm.patches) ?? [],
    })),
    editable: purpose === "edit" && structureEditable(test.status),
    expiresAt: claims.exp * 1000,
  };
  return granted(gate.allowOrigin, ok(session));
}
