// Counts how often any Response's body is read (arrayBuffer, text, json, blob, bytes, formData) while a test runs:
// the worker's forward path should read an answer's body at most once. Undo with vi.restoreAllMocks().
import { vi } from 'vitest';

const READERS = ['arrayBuffer', 'text', 'json', 'blob', 'bytes', 'formData'] as const;

export function countBodyReads(): { readonly count: number; readonly calls: string[] } {
  const calls: string[] = [];
  for (const name of READERS) {
    if (typeof Response.prototype[name] !== 'function') continue;
    const original = Response.prototype[name] as (this: Response) => Promise<unknown>;
    vi.spyOn(Response.prototype, name).mockImplementation(function (this: Response) {
      calls.push(name);
      return original.call(this) as never;
    });
  }
  return {
    calls,
    get count() {
      return calls.length;
    },
  };
}
