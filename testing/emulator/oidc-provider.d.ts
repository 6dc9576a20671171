// The slice of oidc-provider (a test-only dependency without bundled types) the OIDC tests use.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  export interface ProviderAccount {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface ProviderConfiguration {
    clients?: Record<string, unknown>[];
    cookies?: { keys?: string[] };
    pkce?: { required?: () => boolean };
    findAccount?: (ctx: unknown, sub: string) => ProviderAccount | Promise<ProviderAccount | undefined> | undefined;
    ttl?: Record<string, number>;
    [key: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    listen(port: number, callback?: () => void): Server;
  }
}
