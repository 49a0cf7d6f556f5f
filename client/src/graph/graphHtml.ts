// The lineage-graph webview's page: a strict Content-Security-Policy (scripts and styles only with this
// load's nonce, nothing remote), the renderer bundle (dist/webview/graph.js) inline under that nonce,
// and styles on VS Code's theme variables (light, dark and high contrast).
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';

/**
 * The renderer's script, in the page itself: a script the page loads is fetched through the webview's
 * service worker from the extension host, a round trip that took longer than the rest of opening the
 * panel. The HTML parser must see neither `</script` (it would end the element early), `<script` nor
 * `<!--` (after `<!--`, a `<script` puts it in a state where the next `</script` no longer ends the
 * element). The letter after `<` or `</` is written as a JavaScript escape that means the same in a
 * string, a template, a regular expression (with or without the u flag) and an identifier: the `s` of
 * `script` as `\u0073` (`\u0053`), the `!` of `<!--` as `\x21` (a bundle has `<!--` only in strings,
 * regular expressions and comments: in code it would start a comment). Comments may change; the program
 * does not.
 */
export function inlineScript(source: string): string {
  return source
    .replace(
      /(<\/?)([sS])(cript)/gi,
      (_, lt: string, s: string, rest: string) => `${lt}\\u00${s.charCodeAt(0).toString(16)}${rest}`,
    )
    .replace(/<!--/g, '<\\x21--');
}

export function graphHtml(webview: vscode.Webview, script: { source: string }): string {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `style-src 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Lineage graph</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<div id="toolbar" role="toolbar" aria-label="Graph filters">
  <label>Namespace <select id="namespace"></select></label>
  <label>Tag <select id="tag"></select></label>
  <span class="kinds" role="group" aria-label="Mapping kinds">
    <label class="k-data"><input type="checkbox" id="kind-DataFlow" checked> DataFlow</label>
    <label class="k-control"><input type="checkbox" id="kind-ControlFlow" checked> ControlFlow</label>
    <label class="k-kvb"><input type="checkbox" id="kind-KeyValueBridge" checked> KeyValueBridge</label>
  </span>
  <label>Up <input type="number" id="depthUp" min="0" max="6" value="2"></label>
  <label>Down <input type="number" id="depthDown" min="0" max="6" value="2"></label>
  <button id="fit" title="Fit to window (0)">Fit</button>
  <button id="export" title="Export the graph as SVG">Export SVG</button>
</div>
<div id="details" aria-live="polite"></div>
<div id="progress" class="progress" role="progressbar" aria-label="Laying out the graph" hidden></div>
<div id="canvas" tabindex="-1"></div>
<div id="overview" title="Overview: click or drag to move there" hidden></div>
<div id="status" role="status" aria-live="polite"></div>
<script nonce="${nonce}">${inlineScript(script.source)}</script>
</body>
</html>`;
}

const STYLE = `
body { margin: 0; padding: 0; color: var(--vscode-foreground); background: var(--vscode-editor-background);
  font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); height: 100vh; display: flex; flex-direction: column; overflow: hidden; }
#toolbar { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; padding: 6px 10px; border-bottom: 1px solid var(--vscode-panel-border, transparent); }
#toolbar select, #toolbar input[type=number] { background: var(--vscode-dropdown-background); color: var(--vscode-dropdown-foreground); border: 1px solid var(--vscode-dropdown-border, transparent); }
#toolbar input[type=number] { width: 3em; }
button { background: var(--vscode-button-secondaryBackground); color: var(--vscode-button-secondaryForeground); border: 1px solid var(--vscode-button-border, transparent); padding: 2px 8px; cursor: pointer; margin-left: 6px; }
button:hover { background: var(--vscode-button-secondaryHoverBackground); }
:focus-visible { outline: 2px solid var(--vscode-focusBorder); outline-offset: 1px; }
#details { padding: 4px 10px; min-height: 1.6em; max-height: 35vh; overflow-y: auto; }
#details .path-row, #details .crossing-row { margin: 2px 0 0 12px; }
#progress { height: 2px; overflow: hidden; position: relative; }
#progress::before { content: ''; position: absolute; height: 2px; width: 30%; background: var(--vscode-progressBar-background, #0e70c0); animation: progress 1.2s linear infinite; }
#progress[hidden] { display: none; }
@keyframes progress { from { left: -30%; } to { left: 100%; } }
#canvas { flex: 1; overflow: hidden; position: relative; }
#canvas svg { width: 100%; height: 100%; user-select: none; }
#overview { position: fixed; right: 12px; bottom: 34px; background: var(--vscode-editorWidget-background, var(--vscode-editor-background)); border: 1px solid var(--vscode-editorWidget-border, #888); cursor: pointer; opacity: .92; }
#overview[hidden] { display: none; }
#overview svg { display: block; }
.ov-node { fill: var(--vscode-descriptionForeground); opacity: .35; }
.ov-node.centre { fill: var(--vscode-focusBorder); opacity: .8; }
.ov-boundary { fill: var(--vscode-editor-background); opacity: .6; }
.ov-boundary.centre { fill: var(--vscode-focusBorder); opacity: .9; }
.ov-view { fill: var(--vscode-focusBorder); fill-opacity: .12; stroke: var(--vscode-focusBorder); vector-effect: non-scaling-stroke; stroke-width: 1.5; }
#status { padding: 3px 10px; color: var(--vscode-descriptionForeground); border-top: 1px solid var(--vscode-panel-border, transparent); }
.node-box { fill: var(--vscode-sideBar-background, var(--vscode-editor-background)); stroke: var(--vscode-editorWidget-border, var(--vscode-contrastBorder, #888)); stroke-width: 1; }
.store .node-box { fill: var(--vscode-editorWidget-background); stroke-dasharray: 5 3; }
.store-glyph { fill: none; stroke: var(--vscode-foreground); stroke-width: 1.2; }
.centre > .node-box, .boundary.centre > .boundary-box { stroke: var(--vscode-focusBorder); stroke-width: 2.5; }
.node-title { font-weight: 600; fill: var(--vscode-foreground); }
.counts { fill: var(--vscode-foreground); font-size: 11px; }
.dim-text { fill: var(--vscode-descriptionForeground); }
.hit { fill: transparent; cursor: pointer; }
.boundary-box { fill: var(--vscode-editor-background); stroke: var(--vscode-editorWidget-border, #888); }
.boundary-title { fill: var(--vscode-descriptionForeground); font-size: 11px; }
.field-row { fill: transparent; cursor: pointer; }
.field:hover .field-row { fill: var(--vscode-list-hoverBackground); }
.field-name { fill: var(--vscode-foreground); font-size: 12px; }
.field-tags { fill: var(--vscode-descriptionForeground); font-size: 11px; }
.field-tags.applied { fill: var(--vscode-charts-orange, #d18616); font-weight: 600; }
.field.centre .field-row { fill: var(--vscode-editor-selectionBackground); }
.edge { fill: none; stroke: var(--vscode-charts-blue, #3794ff); stroke-width: 1.4; }
.edge-component { stroke: var(--vscode-descriptionForeground); stroke-width: 1.6; }
.edge-path { stroke: var(--vscode-descriptionForeground); stroke-dasharray: 2 2; }
.edge-crossing { stroke: var(--vscode-charts-purple, #b180d7); stroke-width: 1.8; }
.kind-DataFlow { stroke: var(--vscode-charts-blue, #3794ff); }
.kind-ControlFlow { stroke: var(--vscode-charts-orange, #d18616); stroke-dasharray: 6 4; }
.kind-KeyValueBridge { stroke: var(--vscode-charts-green, #89d185); stroke-width: 4; }
.edge-kvb-inner { fill: none; stroke: var(--vscode-editor-background); stroke-width: 1.5; pointer-events: none; }
.suppressed { stroke: var(--vscode-disabledForeground, #888); stroke-dasharray: 1 4; opacity: .7; }
.arrow { fill: var(--vscode-descriptionForeground); }
.arrow-hl { fill: var(--vscode-charts-red, #f14c4c); }
.k-data { color: var(--vscode-charts-blue, #3794ff); } .k-control { color: var(--vscode-charts-orange, #d18616); } .k-kvb { color: var(--vscode-charts-green, #89d185); }
svg.field-mode .edge:not(.hl), svg.field-mode .edge-kvb-inner { opacity: .15; }
svg.field-mode .node:not(.hl) { opacity: .35; }
.edge.hl { stroke-width: 3; }
.field.hl .field-row { fill: var(--vscode-editor-findMatchHighlightBackground, rgba(234,92,0,.33)); }
.field.selected .field-row { fill: var(--vscode-editor-findMatchBackground, rgba(81,92,106,.8)); }
.field.hl-up .field-name::before { content: ''; }
.focusable:focus { outline: none; }
.focusable:focus > rect { stroke: var(--vscode-focusBorder); stroke-width: 2; }
.edge.bundled, svg.field-mode .bundle { display: none; }
svg.field-mode .edge.bundled { display: inline; }
.bundle { cursor: pointer; }
.bundle-hit { fill: none; stroke: transparent; stroke-width: 12; pointer-events: stroke; }
.bundle-label-box { fill: var(--vscode-editor-background); stroke: var(--vscode-charts-purple, #b180d7); stroke-width: 1.2; }
.bundle-label { fill: var(--vscode-foreground); font-size: 11px; pointer-events: none; }
.bundle.selected .edge-bundle, .bundle:hover .edge-bundle { stroke-width: 3.2; }
.bundle:focus > .bundle-label-box { stroke: var(--vscode-focusBorder); stroke-width: 2; }
body.vscode-high-contrast .node-box, body.vscode-high-contrast .boundary-box { stroke: var(--vscode-contrastBorder); stroke-width: 2; }
body.vscode-high-contrast .edge { stroke-width: 2.2; }
body.vscode-high-contrast .field.hl .field-row { fill: none; stroke: var(--vscode-contrastActiveBorder); stroke-width: 2; }
`;
