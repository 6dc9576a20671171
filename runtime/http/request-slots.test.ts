import { describe, expect, it } from 'vitest';
import { RequestSlots } from './request-slots.ts';

describe('RequestSlots', () => {
  it('lets `limit` holders in and the next one as soon as a slot frees, in order', async () => {
    const slots = new RequestSlots(2);
    const first = await slots.acquire();
    const second = await slots.acquire();
    const order: number[] = [];
    const third = slots.acquire().then((release) => {
      order.push(3);
      return release;
    });
    const fourth = slots.acquire().then((release) => {
      order.push(4);
      return release;
    });
    await Promise.resolve();
    expect(slots.active).toBe(2);
    expect(order).toEqual([]);
    first();
    first(); // releasing twice frees one slot only
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual([3, 4]);
    expect(slots.active).toBe(0);
  });
});
