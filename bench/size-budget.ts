// `tsx bench/size-budget.ts [--report-only] [--explain]`: builds our page runtime + hooks and our service
// worker with Vite, prints their gzip -9 sizes against the issue-8 budgets, and exits 1 when one is over
// (unless --report-only). --explain adds the top modules and the what-if builds. No browser, ~3 s.
import { parseArgs } from 'node:util';
import { bytes } from './stats.ts';
import { measurePageRuntime, measureServiceWorker, sizeReport, type BudgetMeasure } from './size.ts';

const { values } = parseArgs({ options: { 'report-only': { type: 'boolean', default: false }, explain: { type: 'boolean', default: false } } });

const page = (await measurePageRuntime()).initial;
const worker = await measureServiceWorker();
const measures: BudgetMeasure[] = [page, worker];

console.log('| bundle | minified | gzip -9 | budget | status |');
console.log('|---|---:|---:|---:|---|');
for (const m of measures) {
  const status = m.gzip <= m.budget ? 'ok' : `OVER by ${bytes(m.gzip - m.budget)}`;
  console.log(`| ${m.name} | ${bytes(m.minified)} | ${bytes(m.gzip)} | ${bytes(m.budget)} | ${status} |`);
}
if (values.explain) console.log(`\n${await sizeReport(page, worker)}`);

const over = measures.filter((m) => m.gzip > m.budget);
if (over.length > 0) {
  const names = over.map((m) => m.name).join(' and ');
  if (values['report-only']) console.log(`\n${names} over budget (--report-only: not failing).`);
  else {
    console.error(`\n${names} over budget. Run with --explain for the modules that take the bytes.`);
    process.exitCode = 1;
  }
}
