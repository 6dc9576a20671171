// The page side of POST /check-feature-support: loaded only when an app asks for something it cannot have.
import { checkFeatureSupport } from '../../http/feature-support.ts';
import { createPipeline } from '../../http/pipeline.ts';

export interface ReportTarget {
  apiUrl: string;
  projectId: string;
  publishableClientKey: string;
  fetch?: typeof fetch;
}

/** Tells the service, as the SDK's `_useCheckFeatureSupport` does before it throws; resolves to its answer. */
export function reportUnsupportedFeature(target: ReportTarget, feature: string, options: Record<string, unknown> = {}): Promise<string | null> {
  const pipeline = createPipeline({
    apiUrl: target.apiUrl,
    projectId: target.projectId,
    accessType: 'client',
    publishableClientKey: target.publishableClientKey,
    attempts: 1,
    ...(target.fetch ? { fetch: target.fetch } : {}),
  });
  return checkFeatureSupport(pipeline, feature, options);
}
