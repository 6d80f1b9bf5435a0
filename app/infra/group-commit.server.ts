// Group commit: a few writers per process (one by default). Jobs that arrive while the commits are in flight
// wait and go together into the next one, and each caller is answered only when the commit holding its job is
// done. A lane with a job in a commit in flight waits for it: its jobs are committed one group after another,
// in order, and two writers never hold the same lane's rows (a site's rollup rows), so they never queue on them.
// A commit that fails because of one job's data is retried without it, so a bad job fails only itself.
// Waiting jobs queue per lane (a site), groups take from the lanes in turn, and the queue is bounded: past
// a bound a job is refused at once (QueueFullError), so no caller waits behind another lane's flood.

export interface GroupCommitOptions<Job, Result> {
  /** Writes the jobs in one transaction; returns one result per job, in order. Throwing fails them all. */
  commit(jobs: Job[]): Promise<Result[]>;
  /** How long an idle writer waits for company before committing a lone job (0: the next turn of the event loop). */
  windowMs: number;
  /** A group holds jobs up to this total weight (always at least one job). */
  maxWeight: number;
  weight(job: Job): number;
  /**
   * Whether `error` may come from one job's data (a value the database refuses) rather than from the
   * database itself. A group failing so is split in halves, each committed on its own, down to the lone
   * job that fails: only that one is rejected (with the error), and every other job commits. Errors it
   * does not claim (the database down, a timeout) fail the whole group at once, as retrying would not help.
   */
  isolates?(error: unknown): boolean;
  /** The lane a job queues in (a site): groups take one job of each lane in turn. Default: one lane. */
  lane?(job: Job): string;
  /** Bounds on the weight waiting, in all lanes and in one: past either a job is refused at once. Default: none. */
  maxQueuedWeight?: number;
  maxLaneWeight?: number;
  /** How many groups may be in flight at once, each of other lanes (read when a writer is free). Default: 1. */
  writers?: () => number;
}

/** The writer's queue (or the job's lane) is full: nothing was queued; the caller may try again shortly. */
export class QueueFullError extends Error {
  constructor(readonly scope: "queue" | "lane") {
    super(scope === "queue" ? "the writer's queue is full" : "this lane's share of the writer's queue is full");
  }
}

interface Waiting<Job, Result> {
  job: Job;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export function groupCommit<Job, Result>(options: GroupCommitOptions<Job, Result>): (job: Job) => Promise<Result> {
  /** Waiting jobs per lane; the Map's order is the turn order (a lane served goes to the back). */
  const lanes = new Map<string, Array<Waiting<Job, Result>>>();
  const laneWeights = new Map<string, number>();
  let queuedWeight = 0;
  /** Lanes with a job in a group being committed: skipped until it is done. */
  const busy = new Set<string>();
  let inFlight = 0;
  let scheduled = false;
  const capacity = () => Math.max(1, options.writers?.() ?? 1);
  const laneOf = (job: Job) => options.lane?.(job) ?? "";

  /**
   * Round robin over the lanes that are not busy, one job at a time, up to maxWeight (always at least one
   * job); the lanes it took from are busy until the group is committed.
   */
  const take = () => {
    const group: Array<Waiting<Job, Result>> = [];
    const taken = new Set<string>();
    let weight = 0;
    for (let progressed = true; progressed; ) {
      progressed = false;
      for (const [key, queue] of [...lanes]) {
        if (busy.has(key)) continue;
        const next = options.weight(queue[0]!.job);
        if (group.length > 0 && weight + next > options.maxWeight) return { group, taken };
        group.push(queue.shift()!);
        taken.add(key);
        progressed = true;
        weight += next;
        queuedWeight -= next;
        lanes.delete(key);
        if (queue.length > 0) {
          lanes.set(key, queue);
          laneWeights.set(key, laneWeights.get(key)! - next);
        } else laneWeights.delete(key);
      }
    }
    return { group, taken };
  };

  /** Commits `group`, bisecting on an error the job's data may cause; settles every job of it. */
  const commitGroup = async (group: Array<Waiting<Job, Result>>): Promise<void> => {
    try {
      const results = await options.commit(group.map((w) => w.job));
      if (results.length !== group.length) throw new Error(`group commit returned ${results.length} results for ${group.length} jobs`);
      group.forEach((w, i) => w.resolve(results[i] as Result));
    } catch (error) {
      if (group.length > 1 && options.isolates?.(error)) {
        // Nothing of the group was stored (one transaction), so each half is written as if new.
        const half = Math.ceil(group.length / 2);
        await commitGroup(group.slice(0, half));
        await commitGroup(group.slice(half));
        return;
      }
      for (const w of group) w.reject(error);
    }
  };

  /** Starts groups while a writer is free and a lane that is not busy has jobs. */
  const pump = () => {
    scheduled = false;
    while (inFlight < capacity()) {
      const { group, taken } = take();
      if (group.length === 0) return;
      inFlight++;
      for (const key of taken) busy.add(key);
      void commitGroup(group).finally(() => {
        inFlight--;
        for (const key of taken) busy.delete(key);
        pump();
      });
    }
  };

  return (job) =>
    new Promise<Result>((resolve, reject) => {
      const key = laneOf(job);
      const weight = options.weight(job);
      const laneWeight = laneWeights.get(key) ?? 0;
      // A lane with nothing waiting always gets its job in (so the queue holds at most maxQueuedWeight
      // plus one job per lane): the bounds cap a flood, never starve a quiet lane.
      if (laneWeight > 0 && laneWeight + weight > (options.maxLaneWeight ?? Infinity)) return reject(new QueueFullError("lane"));
      if (laneWeight > 0 && queuedWeight + weight > (options.maxQueuedWeight ?? Infinity)) return reject(new QueueFullError("queue"));
      const queue = lanes.get(key);
      if (queue) queue.push({ job, resolve, reject });
      else lanes.set(key, [{ job, resolve, reject }]);
      laneWeights.set(key, laneWeight + weight);
      queuedWeight += weight;
      // Every writer busy: the next free one takes it. Otherwise let the requests already read in this turn (or
      // within the window) join the group.
      if (scheduled || inFlight >= capacity()) return;
      scheduled = true;
      if (options.windowMs > 0) setTimeout(pump, options.windowMs);
      else setImmediate(pump);
    });
}
