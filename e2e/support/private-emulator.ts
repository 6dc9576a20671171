// An emulator process owned by one test: it can be stopped, restarted on the same port and data, and its
// clock skewed, without disturbing the suite's shared emulator that the other tests use in parallel.
import { signUpOverHttp } from '../../testing/emulator/http-sign-up.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';
import { EMULATOR_URL } from './ports.ts';
import { freePort } from './free-port.ts';

/** Emulators still running when the test process exits (a crash, an interrupted run): stopped on the way out. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
// A cold start is ~3 s on an idle 2-core machine, but far slower while other suites build and test beside it.
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** One request the browser sent to the suite's emulator origin, as the private emulator saw it. */
export interface ForwardedExchange {
  method: string;
  /** Path and query. */
  path: string;
  requestBody: string | null;
  /** null when the private emulator could not be reached (the browser got a connection error). */
  status: number | null;
  /** The `x-stack-known-error` code (errors may travel as 200 with the override-status header). */
  knownError: string | null;
  responseBody: string;
}

export interface ForwardLog {
  readonly exchanges: readonly ForwardedExchange[];
  /** Exchanges whose method is `method` and whose path (query excluded) ends with `pathSuffix`. */
  matching(method: string, pathSuffix: string): ForwardedExchange[];
}


// Which error code the browser sees when the emulator does not answer.
function abortReason(error: unknown): 'connectionrefused' | 'connectionreset' | 'failed' {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes('ECONNREFUSED')) return 'connectionrefused';
  if (message.includes('ECONNRESET') || message.includes('socket hang up')) return 'connectionreset';
  return 'failed';
}

export class PrivateEmulator {
  readonly port: number;
  readonly mailPort: number;
  readonly dataDir: string;
  #process: ChildProcess | null = null;
  #exited: Promise<void> = Promise.resolve();
  #output: string[] = [];

  private constructor(port: number, mailPort: number, dataDir: string) {
    this.port = port;
    this.mailPort = mailPort;
    this.dataDir = dataDir;
  }

  /** Starts an emulator with fresh data on free ports (it seeds the demo project the demo app uses). */
  static async start(): Promise<PrivateEmulator> {
    const [port, mailPort] = [await freePort('localhost'), await freePort('localhost')];
    const emulator = new PrivateEmulator(port, mailPort, await mkdtemp(join(tmpdir(), 'authworker-private-emulator-')));
    try {
      await emulator.#launch();
    } catch (error) {
      await emulator.dispose();
      throw error;
    }
    return emulator;
  }

  get url(): string {
    return `http://localhost:${this.port}`;
  }

  get isRunning(): boolean {
    return this.#process !== null;
  }

  /** After `stop()`: starts the process again on the same ports and data; resolves once /health answers. */
  async startAgain(): Promise<void> {
    if (this.#process) throw new Error('the private emulator is already running');
    await this.#launch();
  }

  async #launch(): Promise<void> {
    this.#output = [];
    // `node --import tsx` rather than the tsx binary: one process, so the signals reach the emulator itself.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'emulator/cli.ts', '--port', String(this.port), '--mail-port', String(this.mailPort), '--webhooks-port', '0', '--data', this.dataDir],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const keep = (chunk: Buffer) => this.#output.push(chunk.toString());
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.#process = child;
    running.add(child);
    this.#exited = new Promise((resolve) =>
      child.once('exit', () => {
        running.delete(child);
        if (this.#process === child) this.#process = null;
        resolve();
      }),
    );
    await this.#waitForHealth(child);
  }

  /** SIGTERM, as an operator would; resolves once the process has exited (its port is free again). */
  async stop(): Promise<void> {
    const child = this.#process;
    if (!child) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await this.#exited;
    clearTimeout(killer);
  }

  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  /** The server's clock becomes real time plus `ms` (negative: the server is behind the browser). */
  async setClockOffset(ms: number): Promise<number> {
    return this.#postClock({ offset_ms: ms });
  }

  /** Moves the server's clock forward: outstanding access tokens expire on its clock. */
  async advanceClock(ms: number): Promise<number> {
    return this.#postClock({ advance_ms: ms });
  }

  /** Creates a user of the demo project directly on the server (as another device would). */
  async createUser(email: string, password: string): Promise<void> {
    await signUpOverHttp(this.url, email, password);
  }

  /**
   * Sends every request of `context` (pages and service worker) for the suite's emulator origin to this
   * emulator instead. While it is stopped the browser sees a refused connection, as with a real outage.
   */
  async routeSuiteEmulator(context: BrowserContext): Promise<ForwardLog> {
    const exchanges: ForwardedExchange[] = [];
    await context.route(`${EMULATOR_URL}/**`, async (route) => {
      const request = route.request();
      const original = new URL(request.url());
      const path = `${original.pathname}${original.search}`;
      const exchange: ForwardedExchange = { method: request.method(), path, requestBody: request.postData(), status: null, knownError: null, responseBody: '' };
      exchanges.push(exchange);
      let response;
      try {
        response = await route.fetch({ url: `${this.url}${path}`, maxRedirects: 0 });
      } catch (error) {
        await route.abort(abortReason(error));
        return;
      }
      exchange.status = response.status();
      exchange.knownError = response.headers()['x-stack-known-error'] ?? null;
      exchange.responseBody = await response.text();
      await route.fulfill({ response });
    });
    return {
      exchanges,
      matching: (method, pathSuffix) => exchanges.filter((e) => e.method === method && (e.path.split('?')[0] ?? '').endsWith(pathSuffix)),
    };
  }

  async #postClock(body: Record<string, number>): Promise<number> {
    const response = await fetch(`${this.url}/emulator/api/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`clock control: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { now_millis: number }).now_millis;
  }

  async #waitForHealth(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (this.#process !== child) throw new Error(`the private emulator exited while starting:\n${this.#output.join('')}`);
      const healthy = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(1_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      if (Date.now() > deadline) {
        await this.stop();
        throw new Error(`the private emulator did not answer /health within ${START_TIMEOUT_MS} ms:\n${this.#output.join('')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
