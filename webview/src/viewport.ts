// Where the graph is shown in the panel: the zoom and pan of a first drawing, of a redrawing (filters,
// depth, expand: the user's zoom and what they looked at stay put), of Fit; the layout direction for the
// panel's shape; and the arrowheads' size, the same on screen at every zoom. Plain numbers, no DOM.
import type { Box } from '../../common/src/graphLayout/layout';

export interface View {
  x: number;
  y: number;
  scale: number;
}
export interface Size {
  width: number;
  height: number;
}

/** The smallest text drawn (tags, counts) is 11 px: at this zoom it is 11 px on screen. */
export const READABLE_SCALE = 1;
const MAX_FIT_SCALE = 1.2;
const MARGIN = 20;

/** Below this width a panel lays the graph out top to bottom (components stacked, not side by side). */
export const NARROW_PANEL = 900;
export type Direction = 'RIGHT' | 'DOWN';

export function directionFor(panel: Size): Direction {
  return panel.width > 0 && panel.width < NARROW_PANEL ? 'DOWN' : 'RIGHT';
}

/** The whole graph in the panel (Fit, the 0 key), however small that makes it. */
export function fitView(panel: Size, graph: Size): View {
  const scale = Math.min(
    MAX_FIT_SCALE,
    Math.max(
      0.05,
      Math.min(panel.width / (graph.width + 2 * MARGIN), panel.height / (graph.height + 2 * MARGIN)),
    ),
  );
  return {
    scale,
    x: (panel.width - graph.width * scale) / 2,
    y: Math.max(MARGIN / 2, (panel.height - graph.height * scale) / 2),
  };
}

/**
 * A graph's first drawing: the whole of it when that reads (text at least 11 px), else readable size
 * centred on what it was opened on (or, with no centre, its top-left corner), for the user to pan.
 */
export function openingView(panel: Size, graph: Size, centre?: Box): View {
  const whole = fitView(panel, graph);
  if (whole.scale >= READABLE_SCALE) return whole;
  const scale = READABLE_SCALE;
  if (!centre) return { scale, x: MARGIN, y: MARGIN };
  // A box larger than the panel shows from its top-left corner, not from its middle.
  const cx =
    centre.width * scale > panel.width - 2 * MARGIN
      ? centre.x + (panel.width / 2 - MARGIN) / scale
      : centre.x + centre.width / 2;
  const cy =
    centre.height * scale > panel.height - 2 * MARGIN
      ? centre.y + (panel.height / 2 - MARGIN) / scale
      : centre.y + centre.height / 2;
  return {
    scale,
    x: panel.width / 2 - cx * scale,
    y: panel.height / 2 - cy * scale,
  };
}

/**
 * What to open on when the centre is a component: the component when it fits the panel at readable
 * size, else its first boundary (topmost, then leftmost), so the panel shows fields rather than the
 * empty corner of a large box.
 */
export function openingBox(panel: Size, component: Box, boundaries: readonly Box[]): Box {
  const fits =
    component.width * READABLE_SCALE <= panel.width - 2 * MARGIN &&
    component.height * READABLE_SCALE <= panel.height - 2 * MARGIN;
  if (fits || boundaries.length === 0) return component;
  return [...boundaries].sort((a, b) => a.y - b.y || a.x - b.x)[0]!;
}

/**
 * A redrawing of the same graph (other filters or depth, a component expanded): the user's zoom stays,
 * and the box they were looking at (the centre, or the selected field's box) stays where it was on
 * screen. Without such a box in both drawings, the view stays as it was.
 */
export function keptView(before: View, was?: Box, now?: Box): View {
  if (!was || !now) return { ...before };
  return {
    scale: before.scale,
    x: before.x + (was.x - now.x) * before.scale,
    y: before.y + (was.y - now.y) * before.scale,
  };
}

/** Arrowheads are this many pixels on screen at every zoom and on every edge width. */
export const MARKER_PX = 8;

/** The arrowhead's size in the graph's units (markerUnits="userSpaceOnUse") at a zoom. */
export function markerSize(scale: number): number {
  return MARKER_PX / (scale > 0 ? scale : 1);
}

/** The part of the graph the panel shows, in the graph's units. */
export function visibleArea(
  view: View,
  panel: Size,
): { x: number; y: number; width: number; height: number } {
  return {
    x: -view.x / view.scale,
    y: -view.y / view.scale,
    width: panel.width / view.scale,
    height: panel.height / view.scale,
  };
}

/** The same zoom, moved so that a point of the graph is in the middle of the panel (an overview click). */
export function centredOn(point: { x: number; y: number }, view: View, panel: Size): View {
  return {
    scale: view.scale,
    x: panel.width / 2 - point.x * view.scale,
    y: panel.height / 2 - point.y * view.scale,
  };
}

/** Whether part of the graph is outside the panel (then the overview shows where the panel is). */
export function partlyHidden(view: View, panel: Size, graph: Size): boolean {
  const a = visibleArea(view, panel);
  return a.x > 0 || a.y > 0 || a.x + a.width < graph.width || a.y + a.height < graph.height;
}
