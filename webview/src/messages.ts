// The graph webview's side of its messages with the extension: what comes in is checked against its
// schema before anything touches it, what goes out is checked too (the extension checks it again), and
// the host (VS Code's webview API) is passed in, so this runs in Node as well.
import type { GraphLayout } from '../../common/src/graphLayout/wire';
import type { FieldFlowResult, GraphResult } from '../../common/src/protocol';
import {
  type FromWebview,
  type GraphViewState,
  parseFromWebview,
  parseToWebview,
} from '../../common/src/graphMessages';

/** What `acquireVsCodeApi()` returns, as far as the graph uses it. */
export interface WebviewHost {
  postMessage(m: unknown): void;
  getState(): unknown;
  setState(s: unknown): void;
}

/** What the panel does with each kind of message the extension sends. */
export interface ToWebviewHandlers {
  /** A graph to draw, with where its boxes and edges go (the language server laid it out). */
  graph(g: GraphResult, s: GraphViewState, layout: GraphLayout): void;
  flow(f: FieldFlowResult): void;
  error(message: string): void;
}

export class GraphChannel {
  constructor(
    private readonly host: WebviewHost,
    private readonly handlers: ToWebviewHandlers,
  ) {}

  /** A message from the extension: handled when well-formed, else dropped. True when handled. */
  receive(data: unknown): boolean {
    const m = parseToWebview(data);
    if (!m) return false;
    if (m.type === 'graph') this.handlers.graph(m.graph, m.state, m.layout);
    else if (m.type === 'flow') this.handlers.flow(m.flow);
    else this.handlers.error(m.message);
    return true;
  }

  /** A message to the extension, only as its schema allows (a malformed one is not sent). True when sent. */
  post(m: FromWebview): boolean {
    const checked = parseFromWebview(m);
    if (!checked) return false;
    this.host.postMessage(checked);
    return true;
  }

  save(s: unknown): void {
    this.host.setState(s);
  }

  saved(): unknown {
    return this.host.getState();
  }
}
