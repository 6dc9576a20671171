// POST /check-feature-support: how the official SDK tells the service that an app asked
// for something it does not support. Sent without the user's tokens; the answer is a text, and the
// caller gets an error either way.
import type { Pipeline } from './pipeline.ts';
import { checkFeatureSupport as checkFeatureSupportEndpoint } from '../protocol/contract/api.generated.ts';
import { endpointRequest } from '../protocol/endpoint-request.ts';

/**
 * Reports `feature` (with the SDK's `name`, and `feature_name`, which the backend's text reads) and resolves to
 * the service's answer, or null when it could not be reached: the report never fails the caller.
 */
export async function checkFeatureSupport(pipeline: Pick<Pipeline, 'send'>, feature: string, options: Record<string, unknown> = {}): Promise<string | null> {
  try {
    const response = await pipeline.send({ ...endpointRequest(checkFeatureSupportEndpoint), json: { ...options, name: feature, feature_name: feature } });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}
