// The JS heap our service worker uses, read over the browser's DevTools protocol (Playwright gives no CDP session
// for a worker): attach to the service-worker target of the app's origin, collect garbage, read Runtime.getHeapUsage.
import type { Browser, CDPSession } from '@playwright/test';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

/** Sends one command to an attached (non-flattened) target and resolves its result. */
function sendToTarget<T>(cdp: CDPSession, sessionId: string, id: number, method: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: { sessionId?: string; message: string }) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: T; error?: { message: string } };
      if (message.id !== id) return;
      cdp.off('Target.receivedMessageFromTarget', onMessage);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result as T);
    };
    cdp.on('Target.receivedMessageFromTarget', onMessage);
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(reject);
  });
}

/** Bytes of JS heap used by the service worker of `appUrl`'s origin, or null when none runs. */
export async function workerHeapBytes(browser: Browser, appUrl: string): Promise<number | null> {
  const origin = new URL(appUrl).origin;
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
    const worker = targetInfos.find((target) => target.type === 'service_worker' && target.url.startsWith(origin));
    if (!worker) return null;
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })) as { sessionId: string };
    await sendToTarget(cdp, sessionId, 1, 'HeapProfiler.collectGarbage');
    const { usedSize } = await sendToTarget<{ usedSize: number }>(cdp, sessionId, 2, 'Runtime.getHeapUsage');
    await cdp.send('Target.detachFromTarget', { sessionId });
    return usedSize;
  } finally {
    await cdp.detach();
  }
}
