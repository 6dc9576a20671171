// The message catalogue: every string people read in a component, handler page, dialog or error text is one of
// these keys. Each area's keys live in a file of their own (keys/<area>.ts), and each locale translates them in a
// file of the same name (translations/<locale>/<area>.ts); the type checker fails a locale that lacks a key or has
// one too many.
import { commonKeys } from './common.ts';
import { dialogKeys } from './dialogs.ts';
import { errorKeys } from './errors.ts';
import { handlerKeys } from './handler.ts';
import { signInKeys } from './sign-in.ts';
import { teamsKeys } from './teams.ts';
import { userButtonKeys } from './user-button.ts';

const catalogue = { common: commonKeys, handler: handlerKeys, errors: errorKeys, dialogs: dialogKeys, 'sign-in': signInKeys, 'user-button': userButtonKeys, teams: teamsKeys } as const;

export type Area = keyof typeof catalogue;
export type MessageKey = (typeof catalogue)[Area][number];

/** One area's translations for one locale: exactly its keys. */
export type AreaTranslation<A extends Area> = { readonly [K in (typeof catalogue)[A][number]]: string };

/** One locale's translations: every area's. */
export type Translation = { readonly [A in Area]: AreaTranslation<A> };

export const MESSAGE_KEYS: readonly MessageKey[] = Object.values(catalogue).flat();

/** Each area's keys (a key belongs to one area: its translations live in that area's files). */
export const AREA_KEYS: { readonly [A in Area]: readonly MessageKey[] } = catalogue;
