// Project API keys: the full keys are shown once, at creation; afterwards only
// their last four characters. Revocation is final.

import { whyApiKeyInvalid, type ApiKeyInvalidReason } from '../flows/api-key-validity.ts';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import {
  toApiKey,
  toApiKeyCreateWire,
  toApiKeyFirstView,
  type ApiKeyCreate,
  type ApiKeyData,
  type ApiKeyFirstViewData,
} from '../protocol/schemas/admin.ts';
import { callEndpoint, type AppContext } from '../server/context.ts';

export type ApiKeyCreateOptions = ApiKeyCreate;

interface ApiKeyMethods {
  /** Sets `manuallyRevokedAt`; there is no un-revoke. Resolves to the revoked key. */
  revoke(): Promise<ApiKey>;
  /** 'expired' when the expiry is past (checked first), 'manually-revoked' when revoked, else null. */
  whyInvalid(): ApiKeyInvalidReason | null;
  isValid(): boolean;
}

export interface ApiKey extends ApiKeyData, ApiKeyMethods {}

/** The create answer: the requested keys in full, never shown again. */
export interface ApiKeyFirstView extends ApiKeyFirstViewData, ApiKeyMethods {}

function methods(ctx: AppContext, data: ApiKeyData | ApiKeyFirstViewData): ApiKeyMethods {
  return {
    revoke: async () => apiKey(ctx, toApiKey(await callEndpoint(ctx, ENDPOINTS.apiKeysUpdate, { params: { api_key_id: data.id }, body: { revoked: true } }))),
    whyInvalid: () => whyApiKeyInvalid(data),
    isValid: () => whyApiKeyInvalid(data) === null,
  };
}

function apiKey(ctx: AppContext, data: ApiKeyData): ApiKey {
  return { ...data, ...methods(ctx, data) };
}

export async function listApiKeys(ctx: AppContext): Promise<ApiKey[]> {
  const wire = await callEndpoint(ctx, ENDPOINTS.apiKeysList, {});
  return wire.items.map((item) => apiKey(ctx, toApiKey(item)));
}

export async function createApiKey(ctx: AppContext, options: ApiKeyCreateOptions): Promise<ApiKeyFirstView> {
  const data = toApiKeyFirstView(await callEndpoint(ctx, ENDPOINTS.apiKeysCreate, { body: toApiKeyCreateWire(options) }));
  return { ...data, ...methods(ctx, data) };
}

/** An unknown id rejects with API_KEY_NOT_FOUND. */
export async function getApiKey(ctx: AppContext, apiKeyId: string): Promise<ApiKey> {
  return apiKey(ctx, toApiKey(await callEndpoint(ctx, ENDPOINTS.apiKeysGet, { params: { api_key_id: apiKeyId } })));
}
