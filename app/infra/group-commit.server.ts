// Group commit: one writer per process. Jobs that arrive while a commit is in flight wait and go
// together into the next one, and each caller is answered only when the commit holding its job is done.

export interface GroupCommitOptions<Job, Result> {
  /** Writes the jobs in one transaction; returns one result per job, in order. Throwing fails them all. */
  commit(jobs: Job[]): Promise<Result[]>;
  /** How long an idle writer waits for company before committing a lone job (0: the next turn of the event loop). */
  windowMs: number;
  /** A group holds jobs up to this total weight (always at least one job). */
  maxWeight: number;
  weight(job: Job): number;
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

  const write = async () => {
    while (queue.length > 0) {
      const group = take();
      try {
        const results = await options.commit(group.map((w) => w.job));
        if (results.length !== group.length) throw new Error(`group commit returned ${results.length} results for ${group.length} jobs`);
        group.forEach((w, i) => w.resolve(results[i] as Result));
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
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
