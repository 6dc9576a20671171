import { defineConfig } from 'vitest/config';

// `npm run crosscheck:protocol`: our contract against protocol.md, a document kept outside the
// repository. Not part of `npm test` (which reads nothing outside the repository).
export default defineConfig({ test: { include: ['runtime/protocol/crosscheck/*.crosscheck.ts'] } });
