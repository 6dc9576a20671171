// The page's half of a worker call, in Comlink's wire format. The worker side is Comlink's own `expose`
// (sw/install.ts); the page sends exactly one APPLY and one RELEASE per port, so it needs none of
// Comlink's proxy machinery (a Proxy per path, transfer handlers, GET/SET/CONSTRUCT), about 1.3 KB gzip.

interface WireReply {
  id?: unknown;
  type?: unknown;
  name?: unknown;
  value?: unknown;
}

const randomId = (): string => Math.random().toString(36).slice(2) + Date.now().toString(36);

/** Calls `method(...args)` on the object the worker exposed at the other end of `port`, then releases it. */
export function comlinkCall<T>(port: MessagePort, method: string, args: readonly unknown[]): Promise<T> {
  const id = randomId();
  return new Promise<T>((resolve, reject) => {
    port.onmessage = ({ data }: MessageEvent<WireReply>) => {
      if (data?.id !== id) return;
      // RELEASE lets the worker remove its listener and close its end; nothing to wait for.
      port.postMessage({ id: randomId(), type: 'RELEASE' });
      if (data.type === 'RAW') return resolve(data.value as T);
      reject(thrownValue(data));
    };
    port.postMessage({ id, type: 'APPLY', path: [method], argumentList: args.map((value) => ({ type: 'RAW', value })) });
  });
}

/** Comlink's 'throw' handler sends `{ isError, value }`: an Error's own fields, or any thrown value. */
function thrownValue(reply: WireReply): unknown {
  const thrown = reply.type === 'HANDLER' && reply.name === 'throw' ? (reply.value as { isError?: unknown; value?: unknown } | undefined) : undefined;
  if (!thrown) return new Error('authworker: the worker sent an answer this page cannot read');
  if (thrown.isError !== true) return thrown.value;
  const fields = (thrown.value ?? {}) as { message?: unknown };
  return Object.assign(new Error(typeof fields.message === 'string' ? fields.message : 'worker call failed'), fields);
}
