// The URIs the server hands out for path documents (definitions, symbols, diagnostics): named by the
// component and the path's short name for the editor's tab and breadcrumb, or the URI the editor already has open for that path (an
// older unlabelled tab, a tab named before a save), so diagnostics land on the document shown.
import { pathDocumentLabel } from '../../../common/src/pathLabels';
import { componentLabel, type NamedComponent } from '../../../common/src/componentLabel';
import { parsePathDocumentUri, pathDocumentUri } from '../../../common/src/protocol';
import type { LineagePath } from '../../../common/src/api/paths';

/** Names the document of a path: see OpenPathDocuments.uriOf. */
export type PathDocumentUriOf = (componentId: string, pathId: string) => string;

export interface PathLookup {
  findPath(componentId: string, pathId: string): LineagePath | undefined;
  get(componentId: string): NamedComponent | undefined;
}

/** The labelled URI of a path document, under its component's name (unlabelled when the path is not loaded). */
export function labelledPathDocumentUri(store: PathLookup, componentId: string, pathId: string): string {
  const path = store.findPath(componentId, pathId);
  const component = store.get(componentId);
  return pathDocumentUri(
    componentId,
    pathId,
    path ? pathDocumentLabel(path) : undefined,
    component ? componentLabel(component) : undefined,
  );
}

export class OpenPathDocuments {
  /** `componentId/pathId` → the URI the editor opened it under. */
  private readonly open = new Map<string, string>();

  /** Notes an opened document; true when it is a path document. */
  opened(uri: string): boolean {
    const ref = parsePathDocumentUri(uri);
    if (ref) this.open.set(`${ref.componentId}/${ref.pathId}`, uri);
    return !!ref;
  }

  /** Forgets a closed document; true when it was a path document. */
  closed(uri: string): boolean {
    const ref = parsePathDocumentUri(uri);
    const key = ref && `${ref.componentId}/${ref.pathId}`;
    if (key && this.open.get(key) === uri) this.open.delete(key);
    return !!ref;
  }

  uriOf(store: PathLookup, componentId: string, pathId: string): string {
    return this.open.get(`${componentId}/${pathId}`) ?? labelledPathDocumentUri(store, componentId, pathId);
  }
}
