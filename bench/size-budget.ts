// `tsx bench/size-budget.ts [--report-only] [--explain]`: builds our page runtime + hooks and our service
// worker with Vite, prints their gzip -9 sizes against the issue-8 budgets, and exits 1 when one is over
// (unless --report-only). --explain adds the top modules and the what-if builds. No browser, ~3 s.
// `--ratchet page=15000`: a bundle still over its budget fails only when it grows past that size, so CI
// stops regressions while the budget is being reached (the real budget is still printed).
import { parseArgs } from 'node:util';
import { sum, type ChunkSize } from './bundle.ts';
import { bytes } from './stats.ts';
import { localeChunkProblems, measurePageRuntime, measureServiceWorker, sizeReport, type BudgetMeasure } from './size.ts';

const { values } = parseArgs({
  options: {
    'report-only': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    ratchet: { type: 'string', multiple: true, default: [] },
  },
});
const ratchets = new Map(
  (values.ratchet ?? []).map((entry) => {
    const [key = '', limit = ''] = entry.split('=');
    const bytesLimit = Number(limit);
    if (!key || !Number.isFinite(bytesLimit)) throw new Error(`--ratchet takes name=bytes, got '${entry}'`);
    return [key, bytesLimit] as const;
  }),
);
const ratchetFor = (name: string) => ratchets.get(name.startsWith('page') ? 'page' : name.startsWith('service worker') ? 'worker' : name);

const { initial: page, locales, handlerPages, devtoolsPanel } = await measurePageRuntime();
const worker = await measureServiceWorker();
const measures: BudgetMeasure[] = [page, worker];

console.log('| bundle | minified | gzip -9 | budget | status |');
console.log('|---|---:|---:|---:|---|');
for (const m of measures) {
  const status = m.gzip <= m.budget ? 'ok' : `OVER by ${bytes(m.gzip - m.budget)}`;
  console.log(`| ${m.name} | ${bytes(m.minified)} | ${bytes(m.gzip)} | ${bytes(m.budget)} | ${status} |`);
}
// Each locale's words are a lazy chunk of their own, loaded only by an app whose `lang` names it.
console.log('\n| locale (lazy chunk) | minified | gzip -9 |');
console.log('|---|---:|---:|');
for (const { locale, chunk } of locales) console.log(`| ${locale} | ${bytes(chunk.minified)} | ${bytes(chunk.gzip)} |`);
// Every other lazy chunk (the components, the handler pages, the operations, the page-hosted session) and the
// devtools panel, each with its size: not budgeted, printed so a first render's cost moving into them shows.
console.log('\n| lazy chunk | minified | gzip -9 |');
console.log('|---|---:|---:|');
const lazyRow = (name: string, chunks: ChunkSize[]) => console.log(`| ${name} | ${bytes(sum(chunks, 'minified'))} | ${bytes(sum(chunks, 'gzip'))} |`);
lazyRow(`all lazy chunks but the locales and the devtools (components, handler pages, operations, page host): ${handlerPages.length}`, handlerPages);
for (const chunk of [...handlerPages].sort((a, b) => b.gzip - a.gzip)) lazyRow(`  ${chunk.fileName.replace(/^assets\/|-[\w-]{8}\.js$/g, '')}`, [chunk]);
lazyRow('devtools panel', devtoolsPanel);
const localeProblems = localeChunkProblems(locales);
if (locales.length !== 11) localeProblems.push(`expected the 11 translated locales, found ${locales.length}`);
for (const problem of localeProblems) console.error(`locale chunks: ${problem}`);
if (localeProblems.length > 0) process.exitCode = 1;
if (values.explain) console.log(`\n${await sizeReport(page, worker)}`);

const over = measures.filter((m) => m.gzip > m.budget);
for (const m of over) {
  const ratchet = ratchetFor(m.name);
  if (ratchet === undefined) continue;
  if (m.gzip <= ratchet) console.log(`\n${m.name}: over its budget, within the ratchet of ${bytes(ratchet)} (not failing).`);
  else {
    console.error(`\n${m.name} grew past its ratchet of ${bytes(ratchet)}.`);
    process.exitCode = 1;
  }
}
const failing = over.filter((m) => ratchetFor(m.name) === undefined);
if (failing.length > 0) {
  const names = failing.map((m) => m.name).join(' and ');
  if (values['report-only']) console.log(`\n${names} over budget (--report-only: not failing).`);
  else {
    console.error(`\n${names} over budget. Run with --explain for the modules that take the bytes.`);
    process.exitCode = 1;
  }
}

