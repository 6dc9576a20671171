// Request counters for tests and benchmarks (GET /emulator/api/stats). Never affects /api/v1 behaviour.

export class Stats {
  private requests = new Map<string, number>();
  private refreshGrantCount = 0;

  countRequest(method: string, routePattern: string): void {
    const key = `${method} ${routePattern}`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
  }

  countRefreshGrant(): void {
    this.refreshGrantCount++;
  }

  snapshot(): { requests: Record<string, number>; refreshGrants: number } {
    return { requests: Object.fromEntries(this.requests), refreshGrants: this.refreshGrantCount };
  }

  reset(): void {
    this.requests.clear();
    this.refreshGrantCount = 0;
  }
}
