// `redirectMethod: { useNavigate }`: the router's navigate, held on the app while the provider is mounted inside the
// router (react/provider.tsx loads this with the first render that has one).
import { useLayoutEffect } from 'react';
import type { RouterNavigationSlot } from '../runtime/client/app/redirect-method.ts';

/** Gives the app the navigate of `redirectMethod: { useNavigate }`: the hook runs here, inside the app's router. */
export default function RouterNavigation({ slot, useNavigate }: { slot: RouterNavigationSlot; useNavigate: () => (to: string) => void }) {
  const navigate = useNavigate();
  // Before the app's effects run, so a redirect made on mount already goes through the router.
  useLayoutEffect(() => {
    slot.navigate = navigate;
    return () => {
      if (slot.navigate === navigate) slot.navigate = undefined;
    };
  }, [slot, navigate]);
  return null;
}
