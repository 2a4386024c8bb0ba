/**
 * The Tool Calls webview's HTML: static markup only (every call is rendered later by the script, as text),
 * a strict Content-Security-Policy with a per-load nonce, and styles drawn from `--vscode-*` theme variables.
 * No inline event handlers. Pure (tested without VS Code).
 */
import { randomBytes } from 'node:crypto';
import { PANEL_STYLES } from '../../../shared/src/panel/panelStyles';

export interface PanelHtmlOptions {
  /** `webview.cspSource`. */
  cspSource: string;
  /** The webview URI of dist/webview.js. */
  scriptUri: string;
  nonce: string;
  title?: string;
}

export function newNonce(): string {
  return randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/** Escapes text for a double-quoted attribute value. */
function escapeAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (character) => HTML_ESCAPES[character]);
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `img-src ${cspSource}`,
    `font-src ${cspSource}`,
  ].join('; ');
}

export function panelHtml(options: PanelHtmlOptions): string {
  const nonce = escapeAttribute(options.nonce);
  const csp = escapeAttribute(contentSecurityPolicy(options.cspSource, options.nonce));
  const title = escapeHtml(options.title ?? 'Tool Calls');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${title}</title>
<style nonce="${nonce}">${PANEL_STYLES}</style>
</head>
<body>
<header class="toolbar" role="toolbar" aria-label="Tool Calls">
  <div class="toolbar-row">
    <button id="pause" type="button" title="Stop adding new calls to the list (they are kept and shown on resume)">Pause</button>
    <button id="clear" type="button" title="Remove every call from the list">Clear</button>
    <button id="open" type="button" title="Open a saved .mcptrace.jsonl trace">Open Trace…</button>
    <button id="export" type="button" title="Save the calls the filter shows, as JSON Lines">Export…</button>
    <span id="status" class="status" role="status"></span>
  </div>
  <div class="toolbar-row">
    <select id="filter-server" aria-label="Server"></select>
    <select id="filter-tool" aria-label="Tool"></select>
    <select id="filter-outcome" aria-label="Outcome"></select>
    <select id="filter-category" aria-label="Category"></select>
    <input id="filter-text" type="search" placeholder="Search tool, arguments, message, finding…" aria-label="Search">
    <button id="reset-filter" type="button" title="Show every call">Reset</button>
  </div>
</header>
<main class="layout">
  <section class="list-pane" aria-label="Calls">
    <div class="list-header row" aria-hidden="true">
      <span class="cell time">Time</span><span class="cell server">Server</span><span class="cell tool">Tool</span>
      <span class="cell args">Arguments</span><span class="cell duration">Duration</span><span class="cell verdict">Verdict</span>
    </div>
    <div id="list" class="list" tabindex="0" role="listbox" aria-label="Tool calls">
      <div id="spacer" class="spacer"><div id="rows" class="rows"></div></div>
    </div>
    <div id="empty" class="empty"></div>
  </section>
  <section id="detail" class="detail-pane" aria-label="Call detail" hidden></section>
</main>
<script nonce="${nonce}" src="${escapeAttribute(options.scriptUri)}"></script>
</body>
</html>`;
}
