// The lineage-graph webview's entry: the only place that takes VS Code's webview API, handed to the
// panel (graphView.ts) with the page. The panel is a thin renderer: it lays out and draws what the
// extension sends (the language server's graph), highlights a field's flow, and posts the user's
// choices back; it never talks to the service.
import { startGraphView } from './graphView';
import type { WebviewHost } from './messages';

declare function acquireVsCodeApi(): WebviewHost;

startGraphView(document, window, acquireVsCodeApi());
