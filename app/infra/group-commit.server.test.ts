import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit.server";

/** A commit whose completion the test controls, recording each group it was given. */
function controlledCommit() {
  const groups: number[][] = [];
  const pending: Array<{ done(): void; fail(e: Error): void }> = [];
  const commit = (jobs: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      groups.push(jobs);
      pending.push({ done: () => resolve(jobs.map((j) => `ok ${j}`)), fail: reject });
    });
  return { groups, pending, commit };
}

const turn = () => new Promise((r) => setImmediate(r));

describe("groupCommit", () => {
  it("puts jobs that arrive during a commit into the next one, and answers each after its own commit", async () => {
    const c = controlledCommit();
    const submit = groupCommit({ commit: c.commit, windowMs: 0, maxWeight: 100, weight: () => 1 });
    const answered: string[] = [];
    const first = submit(1).then((r) => answered.push(r));
    await turn();
    expect(c.groups).toEqual([[1]]);
    const later = [submit(2), submit(3)].map((p) => p.then((r) => answered.push(r)));
    await turn();
    expect(c.groups).toEqual([[1]]);
    expect(answered).toEqual([]);
    c.pending[0]!.done();
    await first;
    await turn();
    expect(answered).toEqual(["ok 1"]);
    expect(c.groups).toEqual([[1], [2, 3]]);
    c.pending[1]!.done();
    await Promise.all(later);
    expect(answered).toEqual(["ok 1", "ok 2", "ok 3"]);
  });

  it("fails exactly the jobs of the failed commit", async () => {
    const c = controlledCommit();
    const submit = groupCommit({ commit: c.commit, windowMs: 0, maxWeight: 100, weight: () => 1 });
    const a = submit(1);
    await turn();
    const b = submit(2);
    const bb = submit(3);
    c.pending[0]!.fail(new Error("database down"));
    await expect(a).rejects.toThrow("database down");
    await turn();
    c.pending[1]!.done();
    await expect(Promise.all([b, bb])).resolves.toEqual(["ok 2", "ok 3"]);
  });

  it("caps a group's weight but always takes at least one job", async () => {
    const c = controlledCommit();
    const submit = groupCommit({ commit: c.commit, windowMs: 0, maxWeight: 10, weight: (j: number) => j });
    const all = [submit(4), submit(5), submit(3), submit(20), submit(1)];
    for (let i = 0; i < 4; i++) {
      await turn();
      c.pending[i]?.done();
    }
    await Promise.all(all);
    expect(c.groups).toEqual([[4, 5], [3], [20], [1]]);
  });

  it("waits for the window when idle, so jobs arriving within it share a commit", async () => {
    const c = controlledCommit();
    const submit = groupCommit({ commit: c.commit, windowMs: 20, maxWeight: 100, weight: () => 1 });
    const a = submit(1);
    await turn();
    const b = submit(2);
    while (c.groups.length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(c.groups).toEqual([[1, 2]]);
    c.pending[0]!.done();
    await expect(Promise.all([a, b])).resolves.toEqual(["ok 1", "ok 2"]);
  });
});
