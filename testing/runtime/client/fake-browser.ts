// A browser page for client tests in Node: the location, history and cookies the sign-in flows read.
import { vi } from 'vitest';

export interface FakePage {
  /** The page's URL; assign to it to land the page somewhere else. */
  href: string;
  /** URLs passed to location.assign(), oldest first. */
  assigned: string[];
  /** URLs passed to location.replace(), oldest first. */
  replaced: string[];
  cookies: Map<string, string>;
  /** Every document.cookie write, as written. */
  cookieWrites: string[];
}

/** Stubs the globals of a page at `href` (the caller unstubs them); `onAssign` also sees each location.assign(). */
export function fakeBrowserPage(href: string, onAssign?: (url: string) => void): FakePage {
  const page: FakePage = { href, assigned: [], replaced: [], cookies: new Map(), cookieWrites: [] };
  vi.stubGlobal('location', {
    get href() {
      return page.href;
    },
    get hostname() {
      return new URL(page.href).hostname;
    },
    get protocol() {
      return new URL(page.href).protocol;
    },
    assign: (url: string) => {
      page.assigned.push(url);
      onAssign?.(url);
    },
    replace: (url: string) => void page.replaced.push(url),
  });
  vi.stubGlobal('history', { state: null, replaceState: (_state: unknown, _title: string, url: string) => (page.href = new URL(url, page.href).href) });
  vi.stubGlobal('document', {
    get cookie() {
      return [...page.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(text: string) {
      page.cookieWrites.push(text);
      const [pair = ''] = text.split(';');
      const [name = '', ...value] = pair.split('=');
      if (/max-age=0(;|$)/.test(text)) page.cookies.delete(name);
      else page.cookies.set(name, value.join('='));
    },
  });
  return page;
}
