// An admin form's body as FormData, or the 400 problem answered when it is not a form a route can take: a
// client that sends JSON, plain text, a broken multipart body or a NUL to a form's action is told so, never given a 500.
import { problemResponse } from "../problem";

export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw invalidForm("Send application/x-www-form-urlencoded or multipart/form-data.");
  }
  // NUL is text no field means and PostgreSQL cannot store: refused here for every form.
  for (const [name, value] of form) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) throw invalidForm("A field holds a NUL character.");
  }
  return form;
}

const invalidForm = (detail: string) => problemResponse({ status: 400, type: "invalid-form", title: "The request body is not a valid form", detail });
