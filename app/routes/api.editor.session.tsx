// GET /api/editor/session?token=: the editor's test, arms and permissions, readable by the token's site's pages.
import { editorApi, editorJson, editorRequest } from "~/http/web/editor-door.server";
import { openEditorRequest } from "~/services/editor/access.server";
import { editorSession, SESSION_PURPOSES } from "~/services/editor/session.server";

const endpoint = editorApi(
  "GET",
  async (request) => editorJson(await editorSession(editorRequest(request)), "GET"),
  (request) => openEditorRequest(editorRequest(request), SESSION_PURPOSES),
);
export const loader = endpoint;
export const action = endpoint;
