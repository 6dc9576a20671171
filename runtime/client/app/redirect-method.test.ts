import { afterEach, describe, expect, it, vi } from 'vitest';
import { performRedirect, routerNavigationSlot } from './redirect-method.ts';

function stubLocation() {
  const assign = vi.fn();
  const replace = vi.fn();
  vi.stubGlobal('location', { assign, replace });
  return { assign, replace };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('redirectMethod: { useNavigate } (the official React guide)', () => {
  it('goes through the navigate the provider got from the hook, once it has one', () => {
    const navigate = vi.fn();
    const useNavigate = () => navigate;
    const slot = routerNavigationSlot({ useNavigate });
    expect(slot.useNavigate).toBe(useNavigate);
    slot.navigate = navigate;
    const page = stubLocation();
    performRedirect({ useNavigate }, '/after', {}, slot);
    expect(navigate).toHaveBeenCalledWith('/after');
    expect(page.assign).not.toHaveBeenCalled();
  });

  it('loads the page before the provider mounted, and always for another origin', () => {
    const slot = routerNavigationSlot({ useNavigate: () => () => undefined });
    const page = stubLocation();
    performRedirect({ useNavigate: () => () => undefined }, '/after', { replace: true }, slot);
    expect(page.replace).toHaveBeenCalledWith('/after');
    slot.navigate = vi.fn();
    performRedirect({ useNavigate: () => () => undefined }, 'https://other.example/x', {}, slot);
    expect(page.assign).toHaveBeenCalledWith('https://other.example/x');
    expect(slot.navigate).not.toHaveBeenCalled();
  });

  it('prefers a navigate given with the method itself, as the official SDK does', () => {
    const given = vi.fn();
    const slot = routerNavigationSlot({ useNavigate: () => () => undefined, navigate: given });
    slot.navigate = vi.fn();
    performRedirect({ useNavigate: () => () => undefined, navigate: given }, '/x', {}, slot);
    expect(given).toHaveBeenCalledWith('/x');
    expect(slot.navigate).not.toHaveBeenCalled();
  });
});
