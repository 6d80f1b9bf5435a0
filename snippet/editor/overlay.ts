// Boxes drawn over page elements from inside the editor's shadow root (the hovered element, the
// elements the current selector matches): the page's elements themselves get no style or attribute.

/** Matches boxed at most; the panel still says how many there are. */
const MAX_BOXES = 50;

export interface Overlay {
  hover(el: Element | null): void;
  /** The selection: the clicked element and every element the selector matches. */
  select(el: Element | null, matches: readonly Element[]): void;
  destroy(): void;
}

export function createOverlay(layer: HTMLElement): Overlay {
  const box = (kind: string) => {
    const el = document.createElement("div");
    el.className = `box ${kind}`;
    el.hidden = true;
    layer.append(el);
    return el;
  };
  const hoverBox = box("hover");
  const selectedBox = box("selected");
  const matchBoxes: HTMLElement[] = [];
  let hovered: Element | null = null;
  let selected: Element | null = null;
  let matches: readonly Element[] = [];

  const place = (target: HTMLElement, el: Element | null) => {
    const r = el?.isConnected ? el.getBoundingClientRect() : null;
    target.hidden = !r || (r.width === 0 && r.height === 0);
    if (!r || target.hidden) return;
    target.style.transform = `translate(${r.left}px,${r.top}px)`;
    target.style.width = `${r.width}px`;
    target.style.height = `${r.height}px`;
  };
  // Elements move with scrolling, layout and the preview itself: follow them every frame.
  let frame = 0;
  const draw = () => {
    place(hoverBox, hovered);
    place(selectedBox, selected);
    matchBoxes.forEach((b, i) => place(b, matches[i] ?? null));
    frame = requestAnimationFrame(draw);
  };
  frame = requestAnimationFrame(draw);
  return {
    hover(el) {
      hovered = el;
    },
    select(el, all) {
      selected = el;
      matches = all.filter((m) => m !== el).slice(0, MAX_BOXES);
      while (matchBoxes.length < matches.length) matchBoxes.push(box("match"));
    },
    destroy() {
      cancelAnimationFrame(frame);
    },
  };
}
