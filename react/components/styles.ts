/**
 * The components' styles: plain CSS, themeable through the --aw-* custom properties. `.aw-page` is the root of
 * every component (the variables, font and colour); `.aw-card` frames the page-like ones, `.aw-full-page` puts
 * them in the middle of a page. The defaults sit in `:where()` (no specificity), so an app's own
 * `.aw-page { --aw-accent: … }` wins wherever it is. Dark: the app's root says so (theme-css.ts, DARK_ROOT), or
 * the system prefers it and the root does not say light. Spacing on a 4 px scale, one radius.
 */
import { DARK, declarations, LIGHT, whenDark } from './theme-css.ts';

// The offline banner's colour is ours alone: its dark one keeps light text readable.
const LIGHT_VARIABLES = `${declarations(LIGHT, 'light')}--aw-banner-bg:#fef3c7;--aw-radius:8px;color-scheme:light`;
const DARK_VARIABLES = `${declarations(DARK, 'dark')}--aw-banner-bg:#78350f;color-scheme:dark`;

export const COMPONENT_CSS = `
:where(.aw-page){${LIGHT_VARIABLES}}
${whenDark(':where(.aw-page)', DARK_VARIABLES, true)}
.aw-page{font-family:var(--aw-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);color:var(--aw-fg);font-size:.875rem;line-height:1.5;text-align:start}
.aw-page,.aw-page *,.aw-page *::before,.aw-page *::after{box-sizing:border-box}
.aw-card{background:var(--aw-bg);width:100%;max-width:25rem;padding:1.5rem;border:1px solid var(--aw-border);border-radius:calc(var(--aw-radius) + 4px);box-shadow:0 1px 3px rgb(0 0 0 / .08)}
.aw-full-page{margin:3rem auto}
@media (max-width:30rem){.aw-full-page{margin:1rem auto;padding:1.25rem 1rem}}
.aw-page h2,.aw-page h3{font-size:1rem;font-weight:600;margin:1.5rem 0 .5rem}
.aw-page h1,.aw-page .aw-title{font-size:1.25rem;font-weight:600;line-height:1.3;margin:0 0 1rem}
.aw-card-head{text-align:center;margin-bottom:1.5rem}
.aw-card-head :is(h1,.aw-title){margin:0 0 .25rem}
.aw-card-head p{margin:0;color:var(--aw-muted)}
.aw-page section ul{padding-inline-start:1.1rem;display:grid;gap:.35rem}
.aw-stack{display:grid;gap:1rem}
.aw-oauth{display:grid;gap:.5rem}
.aw-form{display:grid;gap:1rem}
.aw-field{display:grid;grid-template-columns:1fr auto;gap:.375rem .5rem;min-width:0}
.aw-field>*{grid-column:1/-1}
.aw-field>.aw-label{grid-column:1;grid-row:1;align-self:end}
.aw-field>.aw-label-aside{grid-column:2;grid-row:1;font-size:.8125rem}
.aw-label{font-weight:500}
.aw-input,.aw-switcher select{font:inherit;width:100%;min-height:2.5rem;padding:.5rem .75rem;color:var(--aw-fg);background:var(--aw-bg);border:1px solid var(--aw-input-border);border-radius:calc(var(--aw-radius) - 2px)}
@media (max-width:40rem){.aw-input{font-size:1rem}}
.aw-input::placeholder{color:var(--aw-muted)}
.aw-input[aria-invalid=true]{border-color:var(--aw-error)}
.aw-input-wrap{position:relative;display:flex}
.aw-input-wrap .aw-input{padding-inline-end:2.75rem}
.aw-input-wrap .aw-icon-button{position:absolute;inset-inline-end:.25rem;top:50%;transform:translateY(-50%)}
.aw-field-error{color:var(--aw-error);font-size:.8125rem;margin:0}
.aw-page :is(button,a,input,select,[tabindex]):focus-visible{outline:2px solid var(--aw-ring,var(--aw-accent));outline-offset:2px}
.aw-button{font:inherit;font-weight:500;display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:2.5rem;padding:.5rem 1rem;
  border:1px solid transparent;border-radius:calc(var(--aw-radius) - 2px);background:var(--aw-accent);color:var(--aw-accent-fg);cursor:pointer;text-decoration:none;
  transition:background-color .15s,border-color .15s;min-width:0}
.aw-button>span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.aw-button:hover:not([disabled]){background:color-mix(in srgb,var(--aw-accent) 86%,var(--aw-fg))}
.aw-button[disabled]{opacity:.65;cursor:not-allowed}
.aw-button[aria-busy=true]{cursor:progress}
.aw-secondary{background:var(--aw-bg);color:var(--aw-fg);border-color:var(--aw-border)}
.aw-secondary:hover:not([disabled]),.aw-ghost:hover:not([disabled]){background:var(--aw-surface)}
.aw-ghost{background:transparent;color:var(--aw-fg)}
.aw-danger{background:var(--aw-error);color:var(--aw-danger-fg)}
.aw-danger:hover:not([disabled]){background:color-mix(in srgb,var(--aw-error) 86%,var(--aw-fg))}
.aw-icon-button{font:inherit;display:inline-grid;place-items:center;width:2rem;height:2rem;padding:0;border:0;border-radius:calc(var(--aw-radius) - 2px);background:transparent;color:var(--aw-muted);cursor:pointer}
.aw-icon-button:hover{background:var(--aw-surface);color:var(--aw-fg)}
.aw-sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.aw-icon{width:1.125rem;height:1.125rem;flex:none}
.aw-spin{animation:aw-spin 1s linear infinite}
@keyframes aw-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.aw-spin{animation-duration:3s}}
.aw-actions{display:flex;gap:.5rem;flex-wrap:wrap}
.aw-actions>*{flex:1}
.aw-error{color:var(--aw-error);margin:0}
.aw-submit{display:grid}
.aw-submit .aw-error:not(:empty){margin-bottom:.75rem}
.aw-banner{background:var(--aw-banner-bg);border-radius:var(--aw-radius);padding:.5rem .75rem;margin:0 0 1rem}
.aw-page a{color:var(--aw-accent);text-underline-offset:.2em}
.aw-link{font:inherit;display:inline-block;min-height:1.5rem;padding:0;border:0;background:none;color:var(--aw-accent);text-decoration:underline;text-underline-offset:.2em;cursor:pointer}
.aw-alt{margin:0;text-align:center;color:var(--aw-muted)}
.aw-card>.aw-alt,.aw-form+.aw-alt{margin-top:1rem}
.aw-note{margin:0;color:var(--aw-muted)}
.aw-status:not(:empty){margin-bottom:1rem}
.aw-separator{display:flex;align-items:center;gap:.75rem;color:var(--aw-muted);font-size:.75rem;text-transform:uppercase;letter-spacing:.04em}
.aw-separator::before,.aw-separator::after{content:"";flex:1;border-top:1px solid var(--aw-border)}
.aw-tabs{display:grid;gap:1rem}
.aw-tab-list{display:grid;grid-auto-flow:column;grid-auto-columns:1fr;gap:.25rem;padding:.25rem;background:var(--aw-surface);border-radius:var(--aw-radius)}
.aw-tab{font:inherit;font-weight:500;min-height:2rem;padding:.25rem .5rem;border:0;border-radius:calc(var(--aw-radius) - 2px);background:transparent;color:var(--aw-muted);cursor:pointer}
.aw-tab[data-state=active]{background:var(--aw-bg);color:var(--aw-fg);box-shadow:0 1px 2px rgb(0 0 0 / .12)}
.aw-tab-panel[data-state=inactive]{display:none}
.aw-avatar{display:inline-grid;place-items:center;overflow:hidden;border-radius:50%;background:var(--aw-border);color:var(--aw-fg);font-weight:500;vertical-align:middle}
.aw-avatar img{width:100%;height:100%;object-fit:cover}
.aw-avatar-border{box-shadow:0 0 0 1px var(--aw-input-border)}
.aw-switcher{display:inline-flex;gap:.5rem;align-items:center;flex-wrap:wrap;max-width:100%}
.aw-dialog{margin:auto;width:min(24rem,calc(100% - 2rem));color:var(--aw-fg);background:var(--aw-bg)}
.aw-dialog::backdrop{background:var(--aw-backdrop,rgb(17 24 39 / .45))}
`;
