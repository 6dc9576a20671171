// The devtools panel (issue 34): a floating trigger that opens a panel over the page's bottom edge, in a shadow
// root. Loaded lazily by mountAuthDevtools / <AuthDevtools />. Keyboard: the trigger is a button, Escape closes
// and gives focus back to it.
import { FAULT_KINDS, type FaultKind } from '../../bridge/devtools-schemas.ts';
import { connectAuthDevtools, type AuthDevtoolsControls } from './connection.ts';
import { h } from './dom.ts';
import { PANEL_CSS } from './panel-styles.ts';
import { eventsSection, requestsSection, sessionSection, tabsSection, workerSection } from './sections.ts';

export interface AuthDevtoolsOptions {
  /** Open the panel at once. Default false: only the trigger shows. */
  initialIsOpen?: boolean;
}

export interface MountedAuthDevtools {
  /** The fault controls, callable from code. */
  readonly devtools: AuthDevtoolsControls;
  unmount(): void;
}

const SECTIONS = [
  ['session', 'Session', sessionSection],
  ['worker', 'Worker', workerSection],
  ['tabs', 'Tabs', tabsSection],
  ['requests', 'Requests', requestsSection],
  ['events', 'Events', eventsSection],
] as const;

export function mountPanel(element: HTMLElement, options: AuthDevtoolsOptions = {}): MountedAuthDevtools {
  const devtools = connectAuthDevtools();
  const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const bodies = new Map(SECTIONS.map(([key]) => [key, h('div', { 'data-testid': `aw-dt-section-${key}` })]));
  const status = h('p', { role: 'status', 'data-testid': 'aw-dt-control-status' });
  const trigger = h('button', { type: 'button', class: 'aw-dt-trigger', 'aria-expanded': 'false', 'aria-controls': 'aw-dt-panel' }, 'Auth devtools');
  const panel = h(
    'section',
    { id: 'aw-dt-panel', class: 'aw-dt-panel', 'aria-labelledby': 'aw-dt-title', hidden: true, tabindex: '-1' },
    h('div', { class: 'aw-dt-head' }, h('h2', { id: 'aw-dt-title' }, 'Auth devtools'), h('button', { type: 'button', onclick: () => setOpen(false) }, 'Close')),
    h('div', { class: 'aw-dt-grid' }, ...SECTIONS.slice(0, 2).map(([key, title]) => h('div', {}, h('h3', {}, title), bodies.get(key) ?? null))),
    ...SECTIONS.slice(2).map(([key, title]) => h('div', {}, h('h3', {}, title), bodies.get(key) ?? null)),
    h('h3', {}, 'Faults'),
    faultControls(devtools, status),
    status,
  );
  const style = h('style', {}, PANEL_CSS);
  const wrapper = h('div', { class: 'aw-dt' }, trigger, panel);
  root.replaceChildren(style, wrapper);

  let ticker: ReturnType<typeof setInterval> | undefined;
  const draw = () => {
    if (panel.hidden) return;
    const now = Date.now();
    for (const [key, , render] of SECTIONS) bodies.get(key)?.replaceChildren(render(devtools.view, now));
  };
  function setOpen(open: boolean): void {
    panel.hidden = !open;
    trigger.setAttribute('aria-expanded', String(open));
    clearInterval(ticker);
    if (open) {
      devtools.refresh();
      draw();
      // The countdowns and the tabs' list: read again each second while the panel is open, never while closed.
      ticker = setInterval(() => {
        devtools.refresh();
        draw();
      }, 1000);
      panel.focus();
    } else {
      trigger.focus();
    }
  }
  trigger.addEventListener('click', () => setOpen(panel.hidden));
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') setOpen(false);
  });
  const unsubscribe = devtools.subscribe(draw);
  if (options.initialIsOpen) setOpen(true);

  return {
    devtools,
    unmount() {
      clearInterval(ticker);
      unsubscribe();
      devtools.close();
      // Only its own nodes: a later mount in the same element (React's StrictMode mounts twice) keeps what it drew.
      style.remove();
      wrapper.remove();
    },
  };
}

function faultControls(devtools: AuthDevtoolsControls, status: HTMLElement): Node {
  const run = (label: string, action: () => Promise<void>) => () => {
    status.textContent = `${label}…`;
    action().then(
      () => (status.textContent = `${label}: done.`),
      (error: unknown) => (status.textContent = `${label}: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  const seconds = h('input', { type: 'number', min: '1', max: '3600', value: '10', id: 'aw-dt-drop-seconds' });
  const count = h('input', { type: 'number', min: '1', max: '1000', value: '1', id: 'aw-dt-fail-count' });
  const kind = h('select', { id: 'aw-dt-fail-kind' }, ...FAULT_KINDS.map((value) => h('option', { value }, value === 'network' ? 'network error' : value)));
  const skew = h('input', { type: 'number', step: '1000', value: '600000', id: 'aw-dt-skew-ms' });
  const button = (label: string, action: () => Promise<void>) => h('button', { type: 'button', onclick: run(label, action) }, label);
  return h(
    'div',
    { class: 'aw-dt-controls' },
    button('Expire access token', () => devtools.expireAccessToken()),
    h('span', {}, h('label', { for: 'aw-dt-drop-seconds' }, 'Seconds'), ' ', seconds, ' ', button('Drop network', () => devtools.dropNetwork(Number(seconds.value)))),
    h(
      'span',
      {},
      h('label', { for: 'aw-dt-fail-count' }, 'Requests'),
      ' ',
      count,
      ' ',
      h('label', { for: 'aw-dt-fail-kind' }, 'Answer'),
      ' ',
      kind,
      ' ',
      button('Fail next requests', () => devtools.failNextRequests(Number(count.value), kind.value as FaultKind)),
    ),
    button('Restart worker', () => devtools.restartWorker()),
    button('Revoke session', () => devtools.revokeSession()),
    h('span', {}, h('label', { for: 'aw-dt-skew-ms' }, 'Skew (ms)'), ' ', skew, ' ', button('Skew clock', () => devtools.skewClock(Number(skew.value)))),
  );
}
