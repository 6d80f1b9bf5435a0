// GET /editor.js?token=: the visual editor's script for a valid editor token, a JSON problem for anything else.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { editorRequest, editorScriptResponse } from "~/http/web/editor-door.server";
import { problemResponse } from "~/http/problem";
import { editorScript } from "~/services/editor/script.server";

export const loader = async ({ request }: LoaderFunctionArgs) => editorScriptResponse(await editorScript(editorRequest(request)));

export const action = async () =>
  problemResponse({ status: 405, type: "method-not-allowed", title: "Method not allowed", detail: "Use GET.", headers: { Allow: "GET" } });
