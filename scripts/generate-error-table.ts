import { writeFileSync } from 'node:fs';
import { troubleshootingMarkdown } from '../docs/error-table.ts';

writeFileSync(new URL('../docs/troubleshooting.md', import.meta.url), troubleshootingMarkdown());
console.log('docs/troubleshooting.md written');
