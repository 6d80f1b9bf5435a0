// GET /editor.js: the visual editor's own build (snippet/dist/editor.js, or SVC_EDITOR_SCRIPT), handed out
// only for a valid editor token, so without one nothing of the editor ever reaches a page.
import { readFile, stat } from "node:fs/promises";
import { appEnv } from "~/env.server";
import { openEditorRequest, type EditorRequest } from "./access.server";
import { fail, ok, type Outcome } from "~/services/outcome";

let cache: { mtimeMs: number; body: string } | undefined;

/** The current build, or null when it has not been built. Re-read only when the file changes. */
async function currentEditorBuild(): Promise<string | null> {
  const file = appEnv().editorScript;
  const info = await stat(file).catch(() => null);
  if (!info) return null;
  if (cache?.mtimeMs !== info.mtimeMs) cache = { mtimeMs: info.mtimeMs, body: await readFile(file, "utf8") };
  return cache.body;
}

/** The editor's script for the token's holder (the editor's or a selector check's); a problem (never JavaScript) for anyone else. */
export async function editorScript(request: EditorRequest): Promise<Outcome<string>> {
  const gate = await openEditorRequest(request, ["edit", "check"]);
  if (!gate.ok) return fail(gate.problem);
  const body = await currentEditorBuild();
  if (body === null) return fail({ status: 503, type: "editor-unavailable", title: "The editor is not built", detail: "Run npm run build." });
  return ok(body);
}
