// A rate limit a test can switch on (POST /emulator/api/rate-limit): the next `count` API requests whose path (query
// included) starts with `pathPrefix` answer 429 with Retry-After, as a rate-limited backend would, so an app's 429 handling can be
// tested against the real CORS answer (Retry-After is exposed to pages). Off by default; never changes /api/v1 otherwise.

export interface RateLimitRule {
  retryAfter: string;
  remaining: number;
  pathPrefix: string;
}

export class RateLimiter {
  private rule: RateLimitRule | null = null;

  set(rule: RateLimitRule | null): void {
    this.rule = rule !== null && rule.remaining > 0 ? rule : null;
  }

  /** The Retry-After to answer this request with, or null to serve it (and count it when it is limited). */
  take(target: string): string | null {
    const rule = this.rule;
    if (rule === null || !target.startsWith(rule.pathPrefix)) return null;
    rule.remaining--;
    if (rule.remaining <= 0) this.rule = null;
    return rule.retryAfter;
  }
}
