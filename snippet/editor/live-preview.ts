// Shows an arm's patches on the live page with the snippet's own applier, so what the merchant sees
// while editing is what shoppers will get; every change undoes the last showing and shows the list again.
import type { Patch } from "../../app/wire/patches";
import { noop } from "../src/guard";
import { showArm } from "../src/patches";

export interface LivePreview {
  /** Puts the page back as it was, then applies `patches` (an empty list: the original page). */
  show(patches: readonly Patch[]): void;
  /** Puts the page back as it was. */
  clear(): void;
}

export function createLivePreview(test: string): LivePreview {
  let undo = noop;
  const clear = () => {
    const last = undo;
    undo = noop;
    last();
  };
  return {
    clear,
    show(patches) {
      clear();
      undo = showArm({ test, arm: "editor", pages: ["*"], patches: [...patches] }, noop);
    },
  };
}
