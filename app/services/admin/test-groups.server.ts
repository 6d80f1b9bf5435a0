// The groups page: the shop's mutually exclusive groups with how each splits its visitors among its tests,
// creating a group on a site, and deleting an empty one.
import { freeRanges, HOLDING_STATUSES, parseGroupName, type FreeRange } from "~/domain/experiments/test-group";
import { findShopByDomain } from "~/models/shops/shop.server";
import { listSitesOfShop } from "~/models/sites/site.server";
import { createGroup, deleteEmptyGroup, listGroupsOfShop } from "~/models/tests/test-group.server";
import { fail, invalidForm, ok, type Outcome } from "~/services/outcome";

export interface GroupView {
  id: string;
  name: string;
  site: { id: string; name: string };
  /** Every test in the group; `holds` says whether its slice counts (drafts, running and paused tests). */
  tests: Array<{ id: string; name: string; status: string; start: number | null; share: number | null; trafficPercent: number; holds: boolean }>;
  free: FreeRange[];
}

export interface GroupsPage {
  sites: Array<{ id: string; name: string }>;
  groups: GroupView[];
}

const HOLDING = new Set<string>(HOLDING_STATUSES);

export async function loadGroupsPage(shopDomain: string): Promise<GroupsPage> {
  const shop = await findShopByDomain(shopDomain);
  if (!shop) return { sites: [], groups: [] };
  const [sites, groups] = await Promise.all([listSitesOfShop(shop.id), listGroupsOfShop(shop.id)]);
  return {
    sites: sites.map((s) => ({ id: s.publicId, name: s.name })),
    groups: groups.map((group) => {
      const tests = group.tests.map((t) => ({
        id: t.id, name: t.name, status: t.status, start: t.groupStart, share: t.groupShare, trafficPercent: t.trafficPercent,
        holds: HOLDING.has(t.status) && t.groupStart !== null && t.groupShare !== null,
      }));
      return {
        id: group.id,
        name: group.name,
        site: { id: group.site.publicId, name: group.site.name },
        tests,
        free: freeRanges(tests.flatMap((t) => (t.holds ? [{ start: t.start!, share: t.share! }] : []))),
      };
    }),
  };
}

/** Creates a group on one of the shop's sites; field errors for a missing site or name, or a name taken. */
export async function createGroupOfShop(shopDomain: string, form: { site: unknown; name: unknown }): Promise<Outcome<{ id: string }>> {
  const shop = await findShopByDomain(shopDomain);
  const sites = shop ? await listSitesOfShop(shop.id) : [];
  const site = sites.find((s) => s.publicId === form.site);
  const name = parseGroupName(form.name);
  if (!site || !name.ok) {
    return fail(invalidForm("invalid-group", { ...(!site && { site: "Choose a site" }), ...(!name.ok && { name: name.message }) }));
  }
  const id = await createGroup(site.id, name.name);
  if (!id) return fail({ ...invalidForm("invalid-group", { name: "This site already has a group of that name" }), status: 409, type: "group-exists" });
  return ok({ id });
}

/** Deletes the shop's group if no test is in it. */
export async function deleteGroupOfShop(shopDomain: string, groupId: string): Promise<Outcome<{ deleted: string }>> {
  const shop = await findShopByDomain(shopDomain);
  if (!shop || !(await deleteEmptyGroup(shop.id, groupId))) {
    return fail({
      status: 409,
      type: "group-not-empty",
      title: "Only a group whose tests have all ended can be deleted",
      detail: "Take its drafts out of it and complete its running and paused tests first, or it does not exist.",
    });
  }
  return ok({ deleted: groupId });
}
