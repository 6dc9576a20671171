// The styles of the menus, the team listbox and the account navigation: plain CSS on the --aw-* variables, so
// light, dark and a StackTheme apply as they do to the cards. Popovers render in a portal under <body>: their
// content carries `.aw-page` itself to get the variables.
import { useContext } from 'react';
import { ThemeContext } from './stack-theme.tsx';

const MENU_CSS = `
.aw-trigger{display:inline-flex;align-items:center;gap:.5rem;min-height:2.25rem;max-width:100%;padding:.25rem;border:0;border-radius:var(--aw-radius);background:transparent;color:var(--aw-fg);font:inherit;cursor:pointer;text-align:start}
.aw-trigger:hover,.aw-trigger[data-state=open]{background:color-mix(in srgb,var(--aw-fg) 8%,transparent)}
.aw-trigger:focus-visible,.aw-menu-item:focus-visible,.aw-nav-item:focus-visible{outline:2px solid var(--aw-ring,var(--aw-accent));outline-offset:2px}
.aw-who{display:grid;min-width:0;line-height:1.25}
.aw-who>span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:12rem}
.aw-who>span+span{font-size:.8rem;color:var(--aw-muted)}
.aw-menu{z-index:50;min-width:14rem;max-width:min(20rem,calc(100vw - 1rem));box-sizing:border-box;padding:.25rem;background:var(--aw-bg);color:var(--aw-fg);
  border:1px solid var(--aw-border);border-radius:var(--aw-radius);box-shadow:0 10px 30px -10px rgb(0 0 0 / .3);font-size:.9rem;max-height:var(--radix-popper-available-height);overflow-y:auto}
.aw-menu-label{display:flex;gap:.6rem;align-items:center;padding:.5rem;min-width:0}
.aw-menu-heading{padding:.4rem .5rem .2rem;font-size:.75rem;font-weight:600;color:var(--aw-muted)}
.aw-menu-separator{height:1px;margin:.25rem -.25rem;background:var(--aw-border)}
.aw-menu-item{display:flex;gap:.6rem;align-items:center;min-height:2rem;padding:.35rem .5rem;border-radius:calc(var(--aw-radius) - 2px);cursor:pointer;outline:0;user-select:none;min-width:0}
.aw-menu-item>span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;flex:1}
.aw-menu-item[data-highlighted],.aw-menu-item:hover{background:color-mix(in srgb,var(--aw-fg) 8%,transparent)}
.aw-menu-item[data-disabled]{opacity:.6;cursor:default}
.aw-menu-item svg{flex:none;width:1rem;height:1rem;color:var(--aw-muted)}
.aw-menu-item .aw-check{color:var(--aw-accent)}
.aw-select{border:1px solid var(--aw-input-border);padding:.25rem .5rem;min-width:min(10rem,100%);max-width:100%;justify-content:space-between}
.aw-select>span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;display:flex;gap:.5rem;align-items:center;min-width:0}
.aw-select[data-disabled]{opacity:.6;cursor:not-allowed}
.aw-select .aw-avatar{display:none}
.aw-icon.aw-chevron{flex:none;width:1rem;height:1rem;color:var(--aw-muted)}
.aw-menu[data-radix-select-content],.aw-menu[role=listbox]{min-width:var(--radix-select-trigger-width)}
.aw-icon-link{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:var(--aw-radius);color:var(--aw-muted)}
.aw-icon-link:hover{background:color-mix(in srgb,var(--aw-fg) 8%,transparent)}
.aw-icon-link svg{width:1rem;height:1rem}
.aw-muted{color:var(--aw-muted);font-size:.85rem}
.aw-sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.aw-menu .aw-error{padding:.35rem .5rem;min-height:0}
`;

/** The menus' `<style>`, put in the head once however many render it. */
export function MenuStyles() {
  return (
    <style href="authworker-menus" precedence="authworker" nonce={useContext(ThemeContext)?.nonce}>
      {MENU_CSS}
    </style>
  );
}
