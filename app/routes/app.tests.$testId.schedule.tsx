// POST /app/tests/:testId/schedule (form: startAt, endAt as datetime-local values in the shop's time zone,
// stopWhenDecided and pauseOnFlicker checkboxes): the test's schedule, or field errors.
import type { ActionFunctionArgs } from "@remix-run/node";
import { adminAnswer } from "~/http/web/admin-answer";
import { readForm } from "~/http/web/form";
import { saveSchedule } from "~/services/admin/test-schedule.server";
import { authenticateAdmin } from "~/shopify.server";

export const action = async ({ request, context, params }: ActionFunctionArgs) => {
  const { shop } = await authenticateAdmin(request, context);
  const form = await readForm(request);
  const saved = await saveSchedule(shop, params.testId ?? "", {
    startAt: form.get("startAt"),
    endAt: form.get("endAt"),
    stopWhenDecided: form.get("stopWhenDecided"),
    pauseOnFlicker: form.get("pauseOnFlicker"),
  });
  return adminAnswer(saved, { intent: "schedule" });
};
