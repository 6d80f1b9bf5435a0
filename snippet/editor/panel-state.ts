// What the panel knows between two events, in one object so that the actions and the view never disagree.
import type { EditorSession } from "../../app/wire/editor";
import type { Patch } from "../../app/wire/patches";
import type { ChangeKind, EditForm } from "./edit-forms";
import { samePatches, startHistory, type History } from "./history";

export interface PanelState {
  readonly session: EditorSession;
  /** The edited arm's patch lists: only that arm is ever saved. */
  history: History;
  /** The list as the server last stored it: unsaved changes are the difference. */
  saved: Patch[];
  /** The arm shown on the page; any other than the edited one is shown read only. */
  viewing: string;
  /** Turned false by a save the server refused because the test left draft meanwhile. */
  editableTest: boolean;
  lockedReason: string;
  /** The last save's refusals by patch index (-1: the list as a whole), dropped at the next change. */
  issues: Map<number, string[]>;
  selected: Element | null;
  sel: string;
  /** Elements Parent left, so that Child goes back down the same way. */
  below: Element[];
  kind: ChangeKind;
  form: EditForm | null;
  saving: boolean;
}

export function startState(session: EditorSession): PanelState {
  const history = startHistory(armOf(session, session.arm).patches);
  return {
    session,
    history,
    saved: history.present,
    viewing: session.arm,
    editableTest: session.editable,
    lockedReason: "",
    issues: new Map(),
    selected: null,
    sel: "",
    below: [],
    kind: "text",
    form: null,
    saving: false,
  };
}

export const armOf = (session: EditorSession, id: string) => session.arms.find((a) => a.id === id)!;

export const editing = (s: PanelState) => s.viewing === s.session.arm;

export const editable = (s: PanelState) => editing(s) && s.editableTest;

export const shownPatches = (s: PanelState): Patch[] => (editing(s) ? s.history.present : armOf(s.session, s.viewing).patches);

export const dirty = (s: PanelState) => !samePatches(s.history.present, s.saved);
