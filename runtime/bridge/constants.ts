// The contract's constants, shared by its types and helpers (./messages.ts) and its zod schemas (./schemas.ts).

export const BRIDGE_PROTOCOL_VERSION = 1;
export const CONNECT_MESSAGE_TYPE = 'authworker:connect';

export const SESSION_STATUSES = ['loading', 'signed-in', 'signed-out'] as const;
export const NETWORK_STATUSES = ['online', 'offline', 'degraded'] as const;

/** The settings a page's StackClientApp and its worker must share; the app hands them over in the worker's script URL. */
export const CONNECTION_SETTINGS = ['apiUrl', 'projectId', 'publishableClientKey'] as const;
