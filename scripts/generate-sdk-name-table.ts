// Rewrites the table of every official name in docs/migrating.md (docs/sdk-names/table.ts); docs/sdk-names.test.ts
// fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { officialNames, ourNames } from '../docs/sdk-names/read-names.ts';
import { officialNamesMarkdown, withOfficialNames } from '../docs/sdk-names/table.ts';

const page = new URL('../docs/migrating.md', import.meta.url);
writeFileSync(page, withOfficialNames(readFileSync(page, 'utf8'), officialNamesMarkdown(officialNames(), ourNames())));
console.log('docs/migrating.md: the official names table written');
