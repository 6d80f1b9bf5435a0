// Anti-flicker: while a config loads, hides only the elements it will change, for ANTI_FLICKER_MS at most.
import { ANTI_FLICKER_MS } from "./timing";
import { addSheet } from "./styles";

/**
 * Hides the elements matching `selectors` (never html/head/body) and returns `reveal`: it shows
 * them again and returns how long they were hidden in ms, or undefined when the hard timeout has
 * already shown them (the visitor has seen the original, so the original stays).
 */
export function hideWhileLoading(selectors: readonly string[]): () => number | undefined {
  if (!selectors.length) return () => 0;
  const start = performance.now();
  // :is() takes the whole (validated) list; opacity keeps the layout, so nothing jumps back.
  const show = addSheet(`:is(${selectors.join(",")}):not(html,head,body){opacity:0!important}`);
  let hiddenMs: number | undefined = -1;
  const reveal = () => {
    if (hiddenMs === -1) {
      show();
      hiddenMs = Math.round(performance.now() - start);
    }
    return hiddenMs;
  };
  setTimeout(() => {
    reveal();
    hiddenMs = undefined;
  }, ANTI_FLICKER_MS);
  return reveal;
}
