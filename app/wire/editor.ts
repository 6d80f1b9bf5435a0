// Wire shapes of the visual editor: its token in the page's fragment and the API it talks to with it.
import type { Patch } from "./patches";

/** The URL fragment key: the admin opens `<page URL>#svc-editor=<token>`; the snippet loads the editor only then. */
export const EDITOR_FRAGMENT = "svc-editor";

/** Longest editor token anyone reads; a real one is about 150 characters. */
export const MAX_EDITOR_TOKEN_LENGTH = 512;

/**
 * Text an editor token may have: base64url pieces joined by dots. Matching it says nothing about validity
 * (the server checks the signature); it only keeps anything else out of script URLs.
 */
export const EDITOR_TOKEN_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** Whether `text` has an editor token's shape (pattern and length), before the server checks it. */
export const looksLikeEditorToken = (text: string): boolean =>
  text.length > 0 && text.length <= MAX_EDITOR_TOKEN_LENGTH && EDITOR_TOKEN_PATTERN.test(text);

export type EditorTestStatus = "draft" | "running" | "paused" | "completed" | "archived";

/** One arm of the test being edited, with the patches it has now. */
export interface EditorArm {
  id: string;
  name: string;
  control: boolean;
  patches: Patch[];
}

/** `GET /api/editor/session?token=<token>` → 200 JSON. */
export interface EditorSession {
  /**
   * What the token is for: `edit`, the visual editor on its arm; `check`, the selector check, which counts
   * what every variant's selectors match on the page and reports it (`POST /api/editor/check`), then stops.
   */
  mode: "edit" | "check";
  /** Public Site ID the token works on. */
  site: string;
  test: {
    id: string;
    name: string;
    status: EditorTestStatus;
    /** Path patterns of the test (as in Assignment.pages). */
    pages: string[];
  };
  /** Id of the arm being edited: the only one a save changes. */
  arm: string;
  /** Every arm of the test, in the admin's order, so the editor can show each one on the live page. */
  arms: EditorArm[];
  /** False when the test's state refuses patch changes (anything but a draft): saving then answers 409. */
  editable: boolean;
  /** When the token stops working, in milliseconds since the epoch. */
  expiresAt: number;
}

/** `PUT /api/editor/patches?token=<token>`, `Content-Type: application/json`: the token's arm's whole patch list. */
export interface EditorSaveRequest {
  patches: Patch[];
}

/** 200 answer of the save: the patches as stored. */
export interface EditorSaveResponse {
  patches: Patch[];
}

/** 200 answer of `POST /api/editor/check?token=<token>` (body: SelectorCheckReport, rules/selector-check.ts): the check as stored. */
export interface SelectorCheckAnswer {
  /** ISO 8601. */
  checkedAt: string;
  page: string;
  /** Changes counted. */
  counted: number;
  /** How many of them matched nothing (or could not be run): the admin names each. */
  unmatched: number;
}

/**
 * Problem types the editor endpoints answer with: the body's `type` is `https://svc.dev/problems/<type>`
 * (RFC 9457, listed in docs/api.md). The 422 `invalid-patches` carries `issues`, one `"<field path>: <message>"`
 * each, e.g. `"patches.2.sel: A change cannot apply to html, head, body or :root: choose an element inside the page"`.
 */
export type EditorProblemType =
  | "editor-token-missing"
  | "editor-token-invalid"
  | "editor-token-expired"
  | "not-found"
  | "origin-not-allowed"
  | "invalid-body"
  | "invalid-patches"
  | "invalid-check-report"
  | "check-outdated"
  | "test-locked"
  | "arm-is-control"
  | "arm-redirects"
  | "body-too-large"
  | "unsupported-media-type"
  | "method-not-allowed"
  | "temporarily-unavailable"
  | "editor-unavailable";
