// POST /api/editor/check?token=: a selector check's counts, sent by the editor's code from the site's own page.
import { readBody } from "~/http/body";
import { editorApi, editorJson, editorRequest } from "~/http/web/editor-door.server";
import { unavailableOnFailure } from "~/http/endpoint";
import { openEditorRequest } from "~/services/editor/access.server";
import { CHECK_PURPOSES, MAX_CHECK_BODY_BYTES, recordSelectorCheck } from "~/services/editor/check.server";
import { fail } from "~/services/outcome";

const NOT_JSON = fail({ status: 415, type: "unsupported-media-type", title: "Send Content-Type: application/json" });

const endpoint = editorApi(
  "POST",
  (request) =>
    unavailableOnFailure(async () => {
      const json = /^application\/json\b/i.test(request.headers.get("Content-Type") ?? "");
      const body = json ? await readBody(request, MAX_CHECK_BODY_BYTES) : NOT_JSON;
      return editorJson(await recordSelectorCheck(editorRequest(request), body), "POST");
    }),
  (request) => openEditorRequest(editorRequest(request), CHECK_PURPOSES),
);
export const loader = endpoint;
export const action = endpoint;
