// Public API of the wire contract: headers, known errors, entity schemas and mappers, endpoint table.
export * from './headers.ts';
export * from './errors/index.ts';
export { KNOWN_ERROR_CATALOGUE, knownErrorAncestry, knownErrorRow } from './errors/catalogue.ts';
export type { KnownErrorRow, CurrentDialectRow, ErrorDetails } from './errors/entry.ts';
export * from './schemas/common.ts';
export * from './schemas/team.ts';
export * from './schemas/user.ts';
export * from './schemas/project.ts';
export * from './schemas/auth.ts';
export * from './schemas/list.ts';
export * from './schemas/contact-channel.ts';
export * from './schemas/team-membership.ts';
export * from './schemas/admin.ts';
export * from './endpoints.ts';
export * from './totp.ts';
