// The panel's styles, inside its shadow root so the app's CSS and ours never meet; colours from the `--aw-*`
// variables the components use, so a theme set on the page reaches the panel too.
export const PANEL_CSS = `
:host { all: initial; }
.aw-dt { font: 13px/1.4 var(--aw-font, system-ui, sans-serif); color: var(--aw-fg, #111827); }
.aw-dt-trigger { position: fixed; right: 16px; bottom: 16px; z-index: 2147483646; border: 0; border-radius: 999px; padding: 8px 14px;
  background: var(--aw-accent, #4f46e5); color: var(--aw-accent-fg, #fff); font: inherit; font-weight: 600; cursor: pointer;
  box-shadow: 0 2px 8px rgb(0 0 0 / .25); }
.aw-dt-trigger:focus-visible, .aw-dt button:focus-visible, .aw-dt input:focus-visible, .aw-dt select:focus-visible {
  outline: 3px solid var(--aw-ring, var(--aw-accent, #4f46e5)); outline-offset: 2px; }
.aw-dt-panel { position: fixed; left: 0; right: 0; bottom: 0; z-index: 2147483647; max-height: 60vh; overflow: auto;
  background: var(--aw-bg, #fff); border-top: 1px solid var(--aw-border, #e5e7eb); box-shadow: 0 -4px 16px rgb(0 0 0 / .15); padding: 8px 16px 16px; }
.aw-dt-panel[hidden] { display: none; }
.aw-dt-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.aw-dt h2 { font-size: 15px; margin: 4px 0; }
.aw-dt h3 { font-size: 13px; margin: 12px 0 4px; }
.aw-dt-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 0 24px; }
.aw-dt dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
.aw-dt dt { color: var(--aw-muted, #4b5563); }
.aw-dt dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.aw-dt table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
.aw-dt th, .aw-dt td { text-align: left; padding: 2px 8px 2px 0; border-bottom: 1px solid var(--aw-border, #e5e7eb); vertical-align: top; }
.aw-dt ol { margin: 0; padding-left: 20px; }
.aw-dt-error { color: var(--aw-error, #b91c1c); }
.aw-dt button { font: inherit; border: 1px solid var(--aw-input-border, #6b7280); border-radius: var(--aw-radius, 6px);
  background: var(--aw-bg, #fff); color: var(--aw-fg, #111827); padding: 3px 10px; cursor: pointer; }
.aw-dt input, .aw-dt select { font: inherit; border: 1px solid var(--aw-input-border, #6b7280); border-radius: var(--aw-radius, 6px);
  background: var(--aw-bg, #fff); color: var(--aw-fg, #111827); padding: 2px 4px; }
.aw-dt input { width: 5em; }
.aw-dt-controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.aw-dt-controls label { display: inline-flex; gap: 4px; align-items: center; }
.aw-dt-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
