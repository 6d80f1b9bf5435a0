// GET /healthz: whether the app and its database answer (for load balancers and uptime checks).
import { checkHealth } from "~/services/health.server";

export const loader = async () => {
  const health = await checkHealth();
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
};
