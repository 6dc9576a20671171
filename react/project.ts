// useProject lives in hooks.ts (one chunk with the other hooks on an app's first load); imported from here by name.
export { useProject } from './hooks.ts';
