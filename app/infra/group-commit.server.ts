// Group commit: one writer per process. Jobs that arrive while a commit is in flight wait and go
// together into the next one, and each caller is answered only when the commit holding its job is done.
// A commit that fails because of one job's data is retried without it, so a bad job fails only itself.

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
}

interface Waiting<Job, Result> {
  job: Job;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export function groupCommit<Job, Result>(options: GroupCommitOptions<Job, Result>): (job: Job) => Promise<Result> {
  const queue: Array<Waiting<Job, Result>> = [];
  let writing = false;

  const take = () => {
    let weight = 0;
    let n = 0;
    while (n < queue.length) {
      const next = options.weight(queue[n]!.job);
      if (n > 0 && weight + next > options.maxWeight) break;
      weight += next;
      n += 1;
    }
    return queue.splice(0, n);
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

  const write = async () => {
    while (queue.length > 0) await commitGroup(take());
    writing = false;
  };

  return (job) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ job, resolve, reject });
      if (writing) return;
      writing = true;
      // Idle: let the requests already read in this turn (or within the window) join the first group.
      if (options.windowMs > 0) setTimeout(() => void write(), options.windowMs);
      else setImmediate(() => void write());
    });
}
