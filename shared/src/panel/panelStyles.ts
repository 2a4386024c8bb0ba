/** The Tool Calls webview's style sheet. Colours come only from VS Code's `--vscode-*` theme variables. */

/** Row height in pixels: the virtual list's windowing math depends on it. */
export const ROW_HEIGHT = 24;

export const PANEL_STYLES = `
:root { --row-height: ${ROW_HEIGHT}px; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html, body { height: 100%; margin: 0; padding: 0; }
body {
  display: flex; flex-direction: column; overflow: hidden;
  font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); font-weight: var(--vscode-font-weight);
  color: var(--vscode-foreground); background: var(--vscode-editor-background);
}
button {
  font: inherit; padding: 2px 10px; border: 1px solid var(--vscode-button-border, transparent); border-radius: 2px; cursor: pointer;
  color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground);
}
button:hover { background: var(--vscode-button-secondaryHoverBackground); }
button.primary { color: var(--vscode-button-foreground); background: var(--vscode-button-background); }
button.primary:hover { background: var(--vscode-button-hoverBackground); }
button[aria-pressed="true"] { color: var(--vscode-button-foreground); background: var(--vscode-button-background); }
button:focus-visible, select:focus-visible, input:focus-visible, .list:focus-visible, a:focus-visible {
  outline: 1px solid var(--vscode-focusBorder); outline-offset: -1px;
}
select {
  font: inherit; padding: 1px 4px; max-width: 11em; border-radius: 2px;
  color: var(--vscode-dropdown-foreground); background: var(--vscode-dropdown-background);
  border: 1px solid var(--vscode-dropdown-border, var(--vscode-widget-border, transparent));
}
input[type="search"] {
  font: inherit; padding: 2px 6px; min-width: 12em; flex: 1 1 16em; max-width: 32em; border-radius: 2px;
  color: var(--vscode-input-foreground); background: var(--vscode-input-background);
  border: 1px solid var(--vscode-input-border, var(--vscode-widget-border, transparent));
}
input::placeholder { color: var(--vscode-input-placeholderForeground); }
a { color: var(--vscode-textLink-foreground); text-decoration: none; cursor: pointer; }
a:hover { color: var(--vscode-textLink-activeForeground); text-decoration: underline; }
.toolbar {
  display: flex; flex-direction: column; gap: 6px; padding: 6px 8px;
  border-bottom: 1px solid var(--vscode-panel-border, var(--vscode-widget-border, transparent));
}
.toolbar-row { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.status { margin-left: auto; color: var(--vscode-descriptionForeground); white-space: nowrap; }
.status .held {
  margin-left: 6px; padding: 0 6px; border-radius: 8px;
  color: var(--vscode-badge-foreground); background: var(--vscode-badge-background);
}
.layout { flex: 1 1 auto; display: flex; min-height: 0; }
.list-pane {
  flex: 1 1 60%; display: flex; flex-direction: column; min-width: 0; min-height: 0; position: relative;
  container-type: inline-size; container-name: calls;
}
.row {
  display: grid; grid-template-columns: 7em minmax(4em, 7em) minmax(7em, 13em) minmax(4em, 1fr) 5.6em 11.5em;
  align-items: center; height: var(--row-height); padding: 0 8px; column-gap: 8px;
}
.list-header {
  flex: 0 0 auto; font-weight: 600; color: var(--vscode-descriptionForeground);
  background: var(--vscode-sideBarSectionHeader-background, transparent);
  border-bottom: 1px solid var(--vscode-panel-border, var(--vscode-widget-border, transparent));
}
.list { flex: 1 1 auto; min-height: 0; overflow-y: auto; overflow-x: hidden; position: relative; outline: none; }
.spacer { position: relative; width: 100%; }
.rows { position: absolute; left: 0; right: 0; top: 0; }
.rows .row { cursor: pointer; }
.rows .row:hover { background: var(--vscode-list-hoverBackground); }
.rows .row.selected { color: var(--vscode-list-inactiveSelectionForeground); background: var(--vscode-list-inactiveSelectionBackground); }
.list:focus .rows .row.selected {
  color: var(--vscode-list-activeSelectionForeground); background: var(--vscode-list-activeSelectionBackground);
}
.cell { overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.cell.time, .cell.duration { font-variant-numeric: tabular-nums; color: var(--vscode-descriptionForeground); }
.cell.duration { text-align: right; }
.cell.args { font-family: var(--vscode-editor-font-family); font-size: 0.92em; color: var(--vscode-descriptionForeground); }
.cell.tool { font-weight: 600; }
.cell.verdict { display: flex; align-items: center; gap: 4px; }
.verdict { font-weight: 600; }
.cell.verdict .verdict { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tone-ok { color: var(--vscode-testing-iconPassed, var(--vscode-charts-green)); }
.tone-empty { color: var(--vscode-charts-blue, var(--vscode-descriptionForeground)); }
.tone-retry { color: var(--vscode-editorWarning-foreground, var(--vscode-charts-yellow)); }
.tone-error { color: var(--vscode-errorForeground, var(--vscode-editorError-foreground)); }
.tone-protocol { color: var(--vscode-charts-purple, var(--vscode-errorForeground)); }
.tone-cancelled { color: var(--vscode-disabledForeground, var(--vscode-descriptionForeground)); }
.tone-pending { color: var(--vscode-descriptionForeground); font-style: italic; }
.flag {
  flex: 0 0 auto; padding: 0 5px; border-radius: 8px; font-size: 0.85em; font-weight: 400; line-height: 1.5;
  color: var(--vscode-badge-foreground); background: var(--vscode-badge-background);
}
.empty { position: absolute; top: 40%; left: 0; right: 0; text-align: center; color: var(--vscode-descriptionForeground); padding: 0 2em; }
.detail-pane {
  flex: 0 0 40%; min-width: 18em; overflow: auto; padding: 8px 12px 16px;
  border-left: 1px solid var(--vscode-panel-border, var(--vscode-widget-border, transparent));
  background: var(--vscode-sideBar-background, var(--vscode-editor-background));
}
.detail-title { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin: 0 0 6px; }
.detail-title h2 { font-size: 1.15em; margin: 0; }
.detail-title .spacer-flex { flex: 1 1 auto; }
.detail-pane h3 {
  font-size: 0.85em; text-transform: uppercase; letter-spacing: 0.04em; margin: 14px 0 4px;
  color: var(--vscode-descriptionForeground);
}
.next-action {
  padding: 6px 10px; border-left: 3px solid var(--vscode-textLink-foreground);
  background: var(--vscode-textBlockQuote-background, transparent);
}
.message { white-space: pre-wrap; word-break: break-word; }
dl.fields { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
dl.fields dt { color: var(--vscode-descriptionForeground); }
dl.fields dd { margin: 0; word-break: break-word; font-family: var(--vscode-editor-font-family); }
ul.findings { margin: 0; padding-left: 1.2em; }
ul.findings li { margin: 2px 0; }
ul.findings .check { font-family: var(--vscode-editor-font-family); margin-right: 6px; }
.none { color: var(--vscode-descriptionForeground); }
.repaired {
  margin-left: 6px; padding: 0 4px; border-radius: 2px; font-size: 0.9em;
  color: var(--vscode-badge-foreground); background: var(--vscode-badge-background);
}
.reading { font-family: var(--vscode-editor-font-family); }
.repaired-note { margin-top: 4px; color: var(--vscode-descriptionForeground); }
.raw-header { display: flex; align-items: center; justify-content: space-between; }
.raw-header button { padding: 0 8px; font-size: 0.9em; }
pre {
  margin: 0; padding: 6px 8px; max-height: 22em; overflow: auto; white-space: pre-wrap; word-break: break-word;
  font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size);
  background: var(--vscode-textCodeBlock-background, var(--vscode-editor-background));
  border: 1px solid var(--vscode-widget-border, transparent); border-radius: 2px;
}
@container calls (max-width: 700px) {
  .row { grid-template-columns: 7em minmax(4em, 6em) minmax(6em, 1fr) 5.6em 11.5em; }
  .cell.args { display: none; }
}
@container calls (max-width: 420px) {
  .row { grid-template-columns: 6.5em minmax(5em, 1fr) 9.5em; }
  .cell.server, .cell.duration { display: none; }
}
@media (max-width: 760px) {
  .layout { flex-direction: column; }
  .detail-pane { flex: 0 0 50%; border-left: none; border-top: 1px solid var(--vscode-panel-border, transparent); }
}
`;
