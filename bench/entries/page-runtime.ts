// What the page-runtime size budget measures: the page runtime and the React hooks (React itself external;
// the handler pages are lazy chunks, counted apart).
export * from '../../runtime/client/index.ts';
export * from '../../react/index.ts';
