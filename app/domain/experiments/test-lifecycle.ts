// A test's lifecycle (draft → running → paused → completed → archived): which change a merchant may make
// from which status, what each change writes, and why a refused one is refused, in the merchant's words.

export type TestStatus = "draft" | "running" | "paused" | "completed" | "archived";

export const LIFECYCLE_INTENTS = ["start", "pause", "resume", "complete", "archive", "end-serving"] as const;
export type LifecycleIntentName = (typeof LIFECYCLE_INTENTS)[number];

export type LifecycleIntent =
  | {
      intent: "start" | "pause" | "resume" | "archive" | "end-serving";
      /** The merchant confirmed the test is independent of the running tests it overlaps (test-overlap.ts). */
      independent?: boolean;
    }
  | {
      intent: "complete";
      /** The declared winner; null: no winner. */
      winnerArmId: string | null;
      /** Keep serving the winning variant to the test's audience on its pages, unmeasured, until the merchant ends it. */
      serveWinner?: boolean;
      /** The merchant confirmed serving a winner the data does not name (app/domain/results/ship-choice.ts). */
      againstData?: boolean;
    };

/** What the decision needs to know about the test and its site. */
export interface LifecycleTest {
  status: TestStatus;
  startedAt: Date | null;
  /** In position order: the first is the control. */
  arms: ReadonlyArray<{ id: string; weight: number }>;
  goals: ReadonlyArray<{ isPrimary: boolean }>;
  /** The site was paused by the service (exposure misuse): none of its tests may serve until it is resumed. */
  sitePaused: boolean;
  /** A completed test still serving its winner to every visitor (absent: not). */
  servingWinner?: boolean;
}

/** The fields a change writes; a field left out keeps its value. */
export interface StatusChange {
  status: TestStatus;
  startedAt?: Date;
  endedAt?: Date;
  winnerArmId?: string | null;
  pausedReason?: null;
  servingWinner?: boolean;
}

export type RefusalCode =
  | "not-allowed-now"
  | "no-control"
  | "no-variant"
  | "zero-weight"
  | "no-primary-goal"
  | "site-paused"
  | "unknown-winner";

export interface Refusal {
  code: RefusalCode;
  message: string;
}

export type Decision = { ok: true; change: StatusChange } | { ok: false; refusal: Refusal };

const ALLOWED_FROM: Record<LifecycleIntentName, readonly TestStatus[]> = {
  start: ["draft"],
  pause: ["running"],
  resume: ["paused"],
  complete: ["running", "paused"],
  archive: ["completed", "draft"],
  "end-serving": ["completed"],
};

const VERBS: Record<LifecycleIntentName, string> = {
  start: "started",
  pause: "paused",
  resume: "resumed",
  complete: "completed",
  archive: "archived",
  "end-serving": "ended serving its winner",
};

const refuse = (code: RefusalCode, message: string): Decision => ({ ok: false, refusal: { code, message } });

const SITE_PAUSED =
  "The site was paused by svc, so none of its tests can run. Resume the site first, then this test.";

/** Why the test cannot start yet, or null when it is ready. */
export function startBlocker(test: Pick<LifecycleTest, "arms" | "goals">): Refusal | null {
  if (test.arms.length === 0) return { code: "no-control", message: "Add a control and at least one variant before starting." };
  if (test.arms.length < 2) return { code: "no-variant", message: "Add at least one variant besides the control before starting." };
  if (test.arms.some((arm) => arm.weight <= 0))
    return { code: "zero-weight", message: "Every arm needs a traffic weight above 0 before starting." };
  if (!test.goals.some((goal) => goal.isPrimary))
    return { code: "no-primary-goal", message: "Choose a primary goal before starting: it decides the winner." };
  return null;
}

/** Decides whether `intent` may happen to `test` now and, if so, what it writes. */
export function decideTransition(test: LifecycleTest, intent: LifecycleIntent, now: Date): Decision {
  if (!ALLOWED_FROM[intent.intent].includes(test.status)) {
    const article = test.status === "archived" ? "An" : "A";
    return refuse("not-allowed-now", `${article} ${test.status} test cannot be ${VERBS[intent.intent]}.`);
  }
  switch (intent.intent) {
    case "start": {
      const blocker = startBlocker(test);
      if (blocker) return { ok: false, refusal: blocker };
      // Starting a test on a paused site would promise traffic that the site cannot serve.
      if (test.sitePaused) return refuse("site-paused", SITE_PAUSED);
      return { ok: true, change: { status: "running", startedAt: test.startedAt ?? now } };
    }
    case "pause":
      return { ok: true, change: { status: "paused" } };
    case "resume":
      if (test.sitePaused) return refuse("site-paused", SITE_PAUSED);
      return { ok: true, change: { status: "running", pausedReason: null } };
    case "complete":
      if (intent.winnerArmId !== null && !test.arms.some((arm) => arm.id === intent.winnerArmId)) {
        return refuse("unknown-winner", "The winner must be one of this test's arms, or no winner.");
      }
      // Serving the control is what every visitor sees without svc: only a variant is worth serving.
      if (intent.serveWinner && intent.winnerArmId !== null && intent.winnerArmId !== test.arms[0]?.id) {
        return { ok: true, change: { status: "completed", endedAt: now, winnerArmId: intent.winnerArmId, pausedReason: null, servingWinner: true } };
      }
      return { ok: true, change: { status: "completed", endedAt: now, winnerArmId: intent.winnerArmId, pausedReason: null } };
    case "archive":
      // An archived test serves nothing, its winner included.
      return { ok: true, change: test.servingWinner ? { status: "archived", servingWinner: false } : { status: "archived" } };
    case "end-serving":
      if (!test.servingWinner) return refuse("not-allowed-now", "This test is not serving a winner.");
      return { ok: true, change: { status: "completed", servingWinner: false } };
  }
}

/** The intents a merchant can choose from a status, in the order the page offers them ("end-serving" only while serving). */
export function intentsFrom(status: TestStatus, servingWinner = false): LifecycleIntentName[] {
  return LIFECYCLE_INTENTS.filter((name) => ALLOWED_FROM[name].includes(status) && (name !== "end-serving" || servingWinner));
}

/** The form's fields as an intent, or what is wrong with them. */
export function parseLifecycleForm(form: { intent: unknown; winner: unknown; serve?: unknown; independent?: unknown; against?: unknown }): { ok: true; value: LifecycleIntent } | { ok: false; field: string; message: string } {
  const { intent, winner } = form;
  if (typeof intent !== "string" || !(LIFECYCLE_INTENTS as readonly string[]).includes(intent)) {
    return { ok: false, field: "intent", message: `intent must be one of ${LIFECYCLE_INTENTS.join(", ")}.` };
  }
  if (intent !== "complete") {
    const independent = (intent === "start" || intent === "resume") && form.independent === "confirmed";
    return { ok: true, value: { intent: intent as Exclude<LifecycleIntentName, "complete">, ...(independent && { independent }) } };
  }
  if (typeof winner !== "string" || winner.trim() === "") {
    return { ok: false, field: "winner", message: "Choose the arm that won, or no winner." };
  }
  const serve = form.serve === "on" || form.serve === "true";
  const against = serve && form.against === "confirmed";
  return { ok: true, value: { intent: "complete", winnerArmId: winner === "none" ? null : winner, ...(serve && { serveWinner: true }), ...(against && { againstData: true }) } };
}
