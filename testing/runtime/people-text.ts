// What an end-user text must never contain (issue 30 item 4): our vendor's or the backend's name, the SDK's
// developer wording, or browser internals. Shared by the error-text unit test and the rendered-pages e2e scan.

/** Each pattern with why it is out of place in front of people. */
export const NOT_FOR_PEOPLE: readonly (readonly [RegExp, string])[] = [
  [/\bstack\b|stack auth|stack-auth|hexclave/i, 'a vendor name (any Stack-compatible backend may answer)'],
  [/authworker/i, 'our package name'],
  [/navigator|window\.|onLine|falsy/, 'browser internals'],
  [/browser console|screenshot|contact support/i, 'developer instructions'],
  [/x-stack|x-hexclave|header|\bJSON\b|\bbody\.|schema|endpoint/i, 'wire details'],
  [/\bnull\b|\bundefined\b|\[object /, 'a value that leaked into the text'],
];

/** The reasons `text` is not for people; empty when it is fine. */
export function notForPeople(text: string): string[] {
  return NOT_FOR_PEOPLE.filter(([pattern]) => pattern.test(text)).map(([pattern, why]) => `${why}: ${pattern} in "${text}"`);
}
