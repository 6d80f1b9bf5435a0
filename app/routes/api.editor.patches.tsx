// PUT /api/editor/patches?token=: the token's arm's patches, saved from the visual editor on the site's own pages.
import { readBody } from "~/http/body";
import { editorApi, editorJson, editorRequest } from "~/http/web/editor-door.server";
import { unavailableOnFailure } from "~/http/endpoint";
import { openEditorRequest } from "~/services/editor/access.server";
import { MAX_EDITOR_BODY_BYTES, saveEditorPatches } from "~/services/editor/save.server";
import { fail } from "~/services/outcome";

const NOT_JSON = fail({ status: 415, type: "unsupported-media-type", title: "Send Content-Type: application/json" });

const endpoint = editorApi(
  "PUT",
  (request) =>
    unavailableOnFailure(async () => {
      const json = /^application\/json\b/i.test(request.headers.get("Content-Type") ?? "");
      const body = json ? await readBody(request, MAX_EDITOR_BODY_BYTES) : NOT_JSON;
      return editorJson(await saveEditorPatches(editorRequest(request), body), "PUT");
    }),
  (request) => openEditorRequest(editorRequest(request)),
);
export const loader = endpoint;
export const action = endpoint;
