// The details pane under the graph: a field's (Show impact, Clear), a component's (reveal, expand,
// centre, its paths with their documents and sources) or a bundle's (the crossings it stands for). Names come from the service and the workspace:
// they are set as text, never as markup. The document and the actions are passed in.
import type { GraphNode, GraphResult } from '../../common/src/protocol';
import type { FromWebview } from '../../common/src/graphMessages';
import { nodeLabel } from './draw';
import { bundleLines, type Bundle } from '../../common/src/graphLayout/bundles';

/** How many of a component's paths its details list. */
export const DETAILS_PATHS = 8;

export interface DetailsActions {
  post(m: FromWebview): void;
  clear(): void;
  /** A field chosen from the details (field mode on it). */
  selectField(id: string): void;
}

/** How many of a bundle's crossings its details list. */
export const DETAILS_CROSSINGS = 50;

function button(doc: Document, text: string, onClick: () => void): HTMLButtonElement {
  const b = doc.createElement('button');
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

function strong(doc: Document, text: string): HTMLElement {
  const h = doc.createElement('strong');
  h.textContent = text;
  return h;
}

/** A field's details: its name, Show impact and Clear. */
export function fieldDetails(doc: Document, id: string, act: DetailsActions): HTMLElement[] {
  const name = id.slice(id.indexOf('#') + 1);
  return [
    strong(doc, name),
    button(doc, 'Show impact', () => act.post({ type: 'impact', field: id })),
    button(doc, 'Clear', () => act.clear()),
  ];
}

/** A component's details: its name, what can be done with it, and its first paths. */
export function componentDetails(doc: Document, n: GraphNode, act: DetailsActions): HTMLElement[] {
  const parts: HTMLElement[] = [
    strong(doc, nodeLabel(n)),
    button(doc, 'Reveal in Components view', () =>
      act.post({ type: 'open', action: 'reveal', componentId: n.id }),
    ),
    button(doc, n.expanded ? 'Collapse' : 'Expand', () =>
      act.post({ type: 'expand', componentId: n.id, expanded: !n.expanded }),
    ),
    button(doc, 'Centre here', () => act.post({ type: 'focus', componentId: n.id })),
  ];
  for (const p of n.paths.slice(0, DETAILS_PATHS)) {
    const row = doc.createElement('div');
    row.className = 'path-row';
    const label = doc.createElement('span');
    label.textContent = `${p.label}${p.suppressed ? ' (suppressed)' : ''}`;
    row.append(label);
    if (p.anchored)
      row.append(
        button(doc, 'Open source', () =>
          act.post({ type: 'open', action: 'source', componentId: n.id, pathId: p.id }),
        ),
      );
    row.append(
      button(doc, 'Open path document', () =>
        act.post({ type: 'open', action: 'document', componentId: n.id, pathId: p.id }),
      ),
    );
    parts.push(row);
  }
  return parts;
}

/** A bundle's details: the pair and how many fields cross, then each crossing, its field selectable. */
export function bundleDetails(doc: Document, g: GraphResult, b: Bundle, act: DetailsActions): HTMLElement[] {
  const [head, ...rows] = bundleLines(g, b, DETAILS_CROSSINGS);
  const parts: HTMLElement[] = [strong(doc, head!)];
  const members = b.members.slice(0, DETAILS_CROSSINGS);
  rows.forEach((text, i) => {
    const row = doc.createElement('div');
    row.className = 'crossing-row';
    const label = doc.createElement('span');
    label.textContent = text;
    row.append(label);
    const e = members[i];
    // A crossing folded to its boundary (a field beyond the row limit) has no field to select.
    if (e?.source.includes('#')) row.append(button(doc, 'Show flow', () => act.selectField(e.source)));
    parts.push(row);
  });
  return parts;
}
