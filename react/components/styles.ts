/**
 * The components' styles: plain CSS, themeable through the --aw-* custom properties. `.aw-page` is the root of
 * every component (the variables, font and colour); `.aw-card` frames the page-like ones, `.aw-full-page` puts
 * them in the middle of a page. The defaults sit in `:where(.aw-page)` (no specificity), so an app's own
 * `.aw-page { --aw-accent: … }` wins wherever it is.
 */
export const COMPONENT_CSS = `
:where(.aw-page){--aw-accent:#4f46e5;--aw-accent-fg:#fff;--aw-fg:#111827;--aw-muted:#6b7280;--aw-bg:#fff;--aw-error:#b91c1c;--aw-radius:8px;
  --aw-border:#e5e7eb;--aw-input-border:#d1d5db;--aw-banner-bg:#fef3c7}
.aw-page{font-family:var(--aw-font,system-ui,sans-serif);color:var(--aw-fg)}
.aw-card{background:var(--aw-bg);max-width:24rem;padding:1.5rem;border:1px solid var(--aw-border);border-radius:var(--aw-radius)}
.aw-full-page{margin:3rem auto}
.aw-page h2,.aw-page h3{font-size:1.05rem;margin:1.5rem 0 .5rem}
.aw-page h1,.aw-page .aw-title{font-size:1.4rem;margin:0 0 1rem}
.aw-page section ul{padding-inline-start:1.1rem;display:grid;gap:.35rem}
.aw-form{display:grid;gap:.75rem}
.aw-form label{display:grid;gap:.25rem;font-size:.9rem}
.aw-form input,.aw-switcher select{font:inherit;padding:.5rem .6rem;border:1px solid var(--aw-input-border);border-radius:calc(var(--aw-radius) - 2px)}
.aw-form input:focus-visible,.aw-switcher select:focus-visible,.aw-button:focus-visible,.aw-link:focus-visible,.aw-page a:focus-visible{outline:2px solid var(--aw-ring,var(--aw-accent));outline-offset:2px}
.aw-button{font:inherit;padding:.55rem;border:0;border-radius:calc(var(--aw-radius) - 2px);background:var(--aw-accent);color:var(--aw-accent-fg);cursor:pointer}
.aw-button[disabled]{opacity:.7;cursor:progress}
.aw-secondary{background:transparent;color:var(--aw-accent);box-shadow:inset 0 0 0 1px var(--aw-border)}
.aw-actions{display:flex;gap:.5rem}
.aw-actions>*{flex:1}
.aw-error{color:var(--aw-error);min-height:1.2em;margin:0}
.aw-banner{background:var(--aw-banner-bg);border-radius:calc(var(--aw-radius) - 2px);padding:.5rem;margin:0 0 .75rem}
.aw-page a{color:var(--aw-accent)}
.aw-link{font:inherit;padding:0;border:0;background:none;color:var(--aw-accent);text-decoration:underline;cursor:pointer}
.aw-alt{margin:1rem 0 0;font-size:.9rem;color:var(--aw-muted)}
.aw-avatar{display:inline-grid;place-items:center;overflow:hidden;border-radius:50%;background:var(--aw-border);color:var(--aw-fg);font-weight:500;vertical-align:middle}
.aw-avatar img{width:100%;height:100%;object-fit:cover}
.aw-avatar-border{box-shadow:0 0 0 1px var(--aw-input-border)}
.aw-switcher{display:inline-flex;gap:.5rem;align-items:center;flex-wrap:wrap}
.aw-dialog{margin:auto;width:min(24rem,calc(100% - 2rem));box-sizing:border-box}
.aw-dialog::backdrop{background:var(--aw-backdrop,rgb(17 24 39 / .45))}
`;
