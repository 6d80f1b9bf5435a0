// Well-formed text: the one rule every free-text string on the wire passes (goal labels, paths, the
// click descriptor's fields, server-side conversions' labels), so that whatever the server accepts it can
// also store. PostgreSQL refuses text holding NUL or half of a UTF-16 surrogate pair (a lone surrogate
// cannot be encoded as UTF-8); accepting one used to fail the whole group-commit transaction of other
// sites' batches. Both test suites run text.cases.json (app/wire/rules/text.test.ts, snippet/test/events.test.ts).
import { CONTROL_CHARACTERS } from "../limits";

/**
 * Whether `s` holds a high surrogate not followed by a low one, or a low surrogate not preceded by a high
 * one: exactly the strings encodeURIComponent refuses with a URIError (ECMA-262, Encode). Shorter in the
 * snippet than the equivalent regular expression by some 20 gzipped bytes, every one paid by every shopper.
 */
const hasLoneSurrogate = (s: string): boolean | undefined => {
  try {
    encodeURIComponent(s);
  } catch {
    return true;
  }
};

/**
 * Text the wire accepts: a string of 1..`max` UTF-16 code units (JavaScript's `length`) with no
 * CONTROL_CHARACTERS (C0, NUL included, and DEL) and no lone surrogate. Longer text is refused, not cut.
 */
export const isWireText = (s: unknown, max: number): s is string =>
  typeof s === "string" && s.length > 0 && s.length <= max && !CONTROL_CHARACTERS.test(s) && !hasLoneSurrogate(s);

/** Why `s` is not wire text (null when it is): the words of a 400's `issues`. */
export function wireTextProblem(s: string, max: number): "empty" | "too long" | "control characters" | "lone surrogate" | null {
  if (s.length === 0) return "empty";
  if (s.length > max) return "too long";
  if (CONTROL_CHARACTERS.test(s)) return "control characters";
  return hasLoneSurrogate(s) ? "lone surrogate" : null;
}
