// `tsx bench/worker-idle-stop.ts [--idle 20,28,33,40]`: when Chromium stops an idle service worker, with nothing
// attached to the worker (Playwright attaches to it, and an attached worker is never stopped: TOOLING.md), so the
// e2e suite stops it through CDP instead (e2e/idle-worker-stopped.spec.ts). A page registers a worker that answers
// `/whoami` with an id drawn when it starts; after each idle period the page asks again, and a new id means the
// browser stopped the worker in between. What `persistence: 'memory'` costs a user rests on this figure
// (docs/service-worker.md). A report, not a timed test.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { chromiumExecutable } from '../e2e/support/chromium.ts';

const { values } = parseArgs({ options: { idle: { type: 'string', default: '20,28,33,40' }, port: { type: 'string', default: '28130' } } });
const idleSeconds = values.idle.split(',').map(Number);

const WORKER = `const id = Math.random().toString(36).slice(2);
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => { if (new URL(event.request.url).pathname === '/whoami') event.respondWith(new Response(id)); });`;

const server = createServer((request, response) => {
  const isWorker = request.url === '/sw.js';
  response.setHeader('content-type', isWorker ? 'text/javascript' : 'text/html');
  response.end(isWorker ? WORKER : "<!doctype html><script>navigator.serviceWorker.register('/sw.js')</script>");
}).listen(Number(values.port), 'localhost');

const executablePath = chromiumExecutable();
if (!executablePath) throw new Error('no Chromium: set CHROMIUM_PATH');
const browser = await puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  const page = await browser.newPage();
  await page.goto(`http://localhost:${values.port}/`);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  const workerId = () => page.evaluate(() => fetch('/whoami').then((response) => response.text()));
  console.log(`Chromium ${await browser.version()}, nothing attached to the worker:`);
  for (const idle of idleSeconds) {
    const before = await workerId();
    await new Promise((resolve) => setTimeout(resolve, idle * 1000));
    const restarted = (await workerId()) !== before;
    console.log(`  ${idle} s without an event: ${restarted ? 'the browser had stopped the worker' : 'the worker was still running'}`);
  }
} finally {
  await browser.close();
  server.close();
}
