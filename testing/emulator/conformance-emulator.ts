// A real-socket emulator for the published-client conformance runs, recording every request it answers so a
// test can list the calls the client made (and spot the ones the emulator does not serve).
import { serve, type ServerType } from '@hono/node-server';
import { createEmulator, type Emulator } from '../../emulator/index.ts';
import { testDatabase } from './postgres.ts';

export interface RecordedCall {
  method: string;
  path: string;
  /** The status the client saw, and the original one when the override header turned an error into 200. */
  status: number;
  actualStatus: number;
  knownError: string | null;
}

export interface ConformanceEmulator extends Emulator {
  url: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

export async function startConformanceEmulator(): Promise<ConformanceEmulator> {
  const database = await testDatabase();
  const emulator = await createEmulator(database.options);
  const calls: RecordedCall[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const response = await emulator.app.fetch(request);
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      path: url.pathname + url.search,
      status: response.status,
      actualStatus: Number(response.headers.get('x-stack-actual-status') ?? response.status),
      knownError: response.headers.get('x-stack-known-error'),
    });
    return response;
  };
  const { httpServer, port } = await new Promise<{ httpServer: ServerType; port: number }>((resolve, reject) => {
    const httpServer = serve({ fetch, port: 0, hostname: 'localhost' }, (info) => resolve({ httpServer, port: info.port }));
    httpServer.once('error', reject);
  }).catch(async (error: unknown) => {
    await emulator.close();
    await database.drop();
    throw error;
  });
  return {
    ...emulator,
    url: `http://localhost:${port}`,
    calls,
    close: async () => {
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        if ('closeAllConnections' in httpServer) httpServer.closeAllConnections();
      });
      await emulator.close();
      await database.drop();
    },
  };
}

/** `METHOD /path` without query strings, in call order, deduplicated. */
export function callSummary(calls: readonly RecordedCall[]): string[] {
  return [...new Set(calls.map((c) => `${c.method} ${c.path.split('?')[0]}`))];
}
