import { describe, expect, it } from "vitest";
import { groupCommit, QueueFullError } from "./group-commit.server";

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

describe("groupCommit isolating a bad job", () => {
  class BadData extends Error {}
  /** Commits any group holding no negative job; a group with one fails with BadData (or `other`). */
  function committer(other?: Error) {
    const groups: number[][] = [];
    const commit = async (jobs: number[]) => {
      groups.push(jobs);
      if (other) throw other;
      if (jobs.some((j) => j < 0)) throw new BadData(`bad ${jobs.find((j) => j < 0)}`);
      return jobs.map((j) => `ok ${j}`);
    };
    return { groups, commit };
  }
  const options = { windowMs: 0, maxWeight: 1000, weight: () => 1, isolates: (e: unknown) => e instanceof BadData };

  it("retries the group without the job that broke it: neighbours commit, the bad job alone fails", async () => {
    const c = committer();
    const submit = groupCommit({ ...options, commit: c.commit });
    const jobs = [1, 2, 3, -4, 5, 6, 7, 8, 9];
    const settled = await Promise.allSettled(jobs.map((j) => submit(j)));
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual(
      jobs.map((j) => (j < 0 ? `bad ${j}` : `ok ${j}`)),
    );
    // Every committed group is free of the bad job, and the bad job ends up alone.
    expect(c.groups[0]).toEqual(jobs);
    expect(c.groups).toContainEqual([-4]);
    expect(c.groups.filter((g) => g.length > 1 && g.includes(-4)).length).toBeLessThanOrEqual(Math.ceil(Math.log2(jobs.length)));
  });

  it("isolates several bad jobs, each failing only itself", async () => {
    const c = committer();
    const submit = groupCommit({ ...options, commit: c.commit });
    const jobs = Array.from({ length: 40 }, (_, i) => (i % 13 === 5 ? -i : i));
    const settled = await Promise.allSettled(jobs.map((j) => submit(j)));
    settled.forEach((s, i) => expect(s.status).toBe(jobs[i]! < 0 ? "rejected" : "fulfilled"));
  });

  it("fails the whole group at once on an error it does not claim (the database down)", async () => {
    const c = committer(new Error("connection refused"));
    const submit = groupCommit({ ...options, commit: c.commit });
    const settled = await Promise.allSettled([1, 2, 3, 4].map((j) => submit(j)));
    expect(settled.every((s) => s.status === "rejected")).toBe(true);
    expect(c.groups).toEqual([[1, 2, 3, 4]]);
  });
});

describe("groupCommit's lanes and bounds", () => {
  type Job = { lane: string; n: number };
  function lanesCommit() {
    const c = controlledCommit();
    const groups: string[][] = [];
    const commit = (jobs: Job[]) => {
      groups.push(jobs.map((j) => `${j.lane}${j.n}`));
      return c.commit(jobs.map((j) => j.n));
    };
    return { ...c, groups, commit };
  }
  const job = (lane: string, n: number): Job => ({ lane, n });

  it("takes the lanes in turn, so a flooding lane's backlog never delays another lane past the next group", async () => {
    const c = lanesCommit();
    const submit = groupCommit({ commit: c.commit, windowMs: 0, maxWeight: 4, weight: () => 1, lane: (j: Job) => j.lane });
    const all = [submit(job("a", 0))];
    await turn();
    for (let n = 1; n <= 12; n++) all.push(submit(job("a", n)));
    all.push(submit(job("b", 1)), submit(job("b", 2)), submit(job("c", 1)));
    for (let i = 0; i < 6 && i < c.pending.length; i++) {
      c.pending[i]!.done();
      await turn();
      await turn();
    }
    expect(c.groups[0]).toEqual(["a0"]);
    // The next group holds b's and c's first jobs beside a's, not after a's twelve.
    expect(c.groups[1]).toEqual(["a1", "b1", "c1", "a2"]);
    expect(c.groups[2]).toEqual(["b2", "a3", "a4", "a5"]);
    // Drain the rest: every job is answered.
    let settled = false;
    const answered = Promise.all(all).then(() => (settled = true));
    while (!settled) {
      c.pending.forEach((p) => p.done());
      await turn();
    }
    await answered;
    expect(c.groups.flat()).toHaveLength(16);
  });

  it("refuses a job at once past its lane's bound or the queue's, and always admits a lane with nothing waiting", async () => {
    const c = lanesCommit();
    const submit = groupCommit({ commit: c.commit, windowMs: 0, maxWeight: 100, weight: () => 10, lane: (j: Job) => j.lane, maxLaneWeight: 30, maxQueuedWeight: 50 });
    const first = submit(job("a", 0));
    await turn(); // in flight: no longer queued
    const queued = [submit(job("a", 1)), submit(job("a", 2)), submit(job("a", 3))];
    await expect(submit(job("a", 4))).rejects.toBeInstanceOf(QueueFullError);
    queued.push(submit(job("b", 1)), submit(job("b", 2)));
    // 50 queued: b's third and c's second are past the queue's bound, c's first still gets in.
    await expect(submit(job("b", 3))).rejects.toMatchObject({ scope: "queue" });
    queued.push(submit(job("c", 1)));
    await expect(submit(job("c", 2))).rejects.toMatchObject({ scope: "queue" });
    c.pending[0]!.done();
    await first;
    await turn();
    expect(c.groups[1]).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
    c.pending[1]!.done();
    await Promise.all(queued);
    // Drained: the lanes take jobs again.
    const again = submit(job("a", 9));
    await turn();
    c.pending[2]!.done();
    await expect(again).resolves.toBe("ok 9");
  });
  it("with two writers, commits two lanes' groups at once, and never a lane in two groups in flight", async () => {
    const c = controlledCommit();
    // Jobs: lane * 10 + n.
    const submit = groupCommit({ commit: c.commit, windowMs: 0, maxWeight: 100, weight: () => 1, lane: (j: number) => String(Math.floor(j / 10)), writers: () => 2 });
    const answered: string[] = [];
    const track = (p: Promise<string>) => p.then((r) => answered.push(r));
    const first = [track(submit(10)), track(submit(20))];
    await turn();
    // One writer took both lanes' jobs; the second has nothing left that is not in flight.
    expect(c.groups).toEqual([[10, 20]]);
    const more = [track(submit(11)), track(submit(30)), track(submit(31))];
    await turn();
    // Lane 1 is in flight: its next job waits, and the free writer takes lane 3 alone.
    expect(c.groups).toEqual([[10, 20], [30, 31]]);
    const last = track(submit(32));
    c.pending[1]!.done();
    await turn();
    await turn();
    // Lane 3's group is done, lane 1's is not: the writer now free takes 32 and still not 11.
    expect(c.groups).toEqual([[10, 20], [30, 31], [32]]);
    c.pending[0]!.done();
    await Promise.all(first);
    await turn();
    expect(c.groups.at(-1)).toEqual([11]);
    c.pending[2]!.done();
    c.pending[3]!.done();
    await Promise.all([...more, last]);
    // Each lane's jobs answered in the order they came.
    const order = (lane: string) => answered.filter((a) => a.startsWith(`ok ${lane}`));
    expect(order("1")).toEqual(["ok 10", "ok 11"]);
    expect(order("3")).toEqual(["ok 30", "ok 31", "ok 32"]);
  });

  it("with one writer (the default), commits one group at a time", async () => {
    const c = controlledCommit();
    const submit = groupCommit({ commit: c.commit, windowMs: 0, maxWeight: 100, weight: () => 1, lane: (j: number) => String(j) });
    const a = submit(1);
    await turn();
    const b = submit(2);
    await turn();
    expect(c.groups).toEqual([[1]]);
    c.pending[0]!.done();
    await a;
    await turn();
    expect(c.groups).toEqual([[1], [2]]);
    c.pending[1]!.done();
    await b;
  });
});
