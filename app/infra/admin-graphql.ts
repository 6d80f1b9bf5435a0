// How services talk to a shop's Admin API: a GraphQL call answering data and errors, never throwing on a
// GraphQL error (app/shopify.server.ts adapts the library's client to it), and the checks every caller needs.

export interface GraphqlError {
  message: string;
  /** The response path of the field that failed, e.g. ["webPixel"]. */
  path?: ReadonlyArray<string | number>;
  extensions?: Record<string, unknown>;
}

export interface GraphqlResult {
  data: Record<string, unknown> | null;
  errors: GraphqlError[];
}

/** One Admin API GraphQL request for the shop of the session it was made for. */
export type AdminGraphql = (query: string, variables?: Record<string, unknown>) => Promise<GraphqlResult>;

/** The Admin API refused or answered something unusable; the message says which operation and why. */
export class AdminApiError extends Error {
  override name = "AdminApiError";
}

/** The errors' messages on one line, for an AdminApiError. */
export function describeErrors(errors: ReadonlyArray<{ message: string; field?: unknown }>): string {
  return errors
    .map((e) => (Array.isArray(e.field) && e.field.length > 0 ? `${e.field.join(".")}: ${e.message}` : e.message))
    .join("; ");
}

/**
 * The payload of mutation `field` (e.g. metafieldsSet) from a result; throws an AdminApiError naming it when
 * the request failed or the mutation answered userErrors (which Shopify sends with status 200).
 */
export function mutationPayload(result: GraphqlResult, field: string): Record<string, unknown> {
  if (result.errors.length > 0) throw new AdminApiError(`${field} failed: ${describeErrors(result.errors)}`);
  const payload = result.data?.[field];
  if (!payload || typeof payload !== "object") throw new AdminApiError(`${field} answered no payload`);
  const userErrors = (payload as { userErrors?: unknown }).userErrors;
  if (Array.isArray(userErrors) && userErrors.length > 0) {
    throw new AdminApiError(`${field} refused: ${describeErrors(userErrors as Array<{ message: string; field?: unknown }>)}`);
  }
  return payload as Record<string, unknown>;
}
