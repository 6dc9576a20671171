// A few lines of DOM building for the devtools panel: it is framework-free, so any app (React or not) can mount it.

type Child = Node | string | null | false | undefined;

/** An element with attributes (`on…` functions become listeners) and children; text is always text, never HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | boolean | ((event: Event) => void)> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false) element.setAttribute(name, value);
  }
  for (const child of children) if (child !== null && child !== false && child !== undefined) element.append(child);
  return element;
}

/** A description list of label/value rows; each value carries `data-testid="aw-dt-<key>"`. */
export function facts(rows: [key: string, label: string, value: string][]): HTMLDListElement {
  return h('dl', {}, ...rows.flatMap(([key, label, value]) => [h('dt', {}, label), h('dd', { 'data-testid': `aw-dt-${key}` }, value)]));
}

/** A table with a caption for screen readers and header cells per column. */
export function table(caption: string, head: string[], rows: Child[][], testId: string): HTMLTableElement {
  return h(
    'table',
    { 'data-testid': testId },
    h('caption', { class: 'aw-dt-sr' }, caption),
    h('thead', {}, h('tr', {}, ...head.map((cell) => h('th', { scope: 'col' }, cell)))),
    h('tbody', {}, ...rows.map((row) => h('tr', {}, ...row.map((cell) => h('td', {}, cell))))),
  );
}

export function clock(at: number): string {
  return new Date(at).toLocaleTimeString(undefined, { hour12: false });
}

/** `1 min 05 s`, `12 s`, `expired 3 s ago`. */
export function duration(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  const text = seconds >= 60 ? `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s` : `${seconds} s`;
  return ms < 0 ? `${text} ago` : text;
}
