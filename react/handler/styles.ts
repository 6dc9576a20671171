/** Handler page styles: plain CSS, themeable through the --aw-* custom properties. */
export const HANDLER_CSS = `
.aw-page{--aw-accent:#4f46e5;--aw-fg:#111827;--aw-muted:#6b7280;--aw-bg:#fff;--aw-error:#b91c1c;--aw-radius:8px;
  font-family:var(--aw-font,system-ui,sans-serif);color:var(--aw-fg);background:var(--aw-bg);max-width:24rem;margin:3rem auto;padding:1.5rem;
  border:1px solid #e5e7eb;border-radius:var(--aw-radius)}
.aw-page h1{font-size:1.4rem;margin:0 0 1rem}
.aw-page h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
.aw-page section ul{padding-left:1.1rem;display:grid;gap:.35rem}
.aw-form{display:grid;gap:.75rem}
.aw-form label{display:grid;gap:.25rem;font-size:.9rem}
.aw-form input{font:inherit;padding:.5rem .6rem;border:1px solid #d1d5db;border-radius:calc(var(--aw-radius) - 2px)}
.aw-form input:focus-visible,.aw-button:focus-visible,.aw-page a:focus-visible{outline:2px solid var(--aw-accent);outline-offset:2px}
.aw-button{font:inherit;padding:.55rem;border:0;border-radius:calc(var(--aw-radius) - 2px);background:var(--aw-accent);color:#fff;cursor:pointer}
.aw-button[disabled]{opacity:.7;cursor:progress}
.aw-error{color:var(--aw-error);min-height:1.2em;margin:0}
.aw-banner{background:#fef3c7;border-radius:calc(var(--aw-radius) - 2px);padding:.5rem;margin:0 0 .75rem}
.aw-page a{color:var(--aw-accent)}
.aw-alt{margin:1rem 0 0;font-size:.9rem;color:var(--aw-muted)}
`;
