// The typed classes of every catalogue code, loaded on demand: page code that only meets errors once
// something failed imports them through here, so pages that never see one do not download the catalogue.
export const loadKnownErrorClasses = () => import('./classes.ts');
