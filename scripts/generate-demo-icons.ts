// Writes the demo's PNG icons into demo/public: `npx tsx scripts/generate-demo-icons.ts`.
import { writeFileSync } from 'node:fs';
import { DEMO_ICONS, drawDemoIcon, encodePng } from './demo-icons.ts';

for (const icon of DEMO_ICONS) {
  writeFileSync(new URL(`../demo/public/${icon.file}`, import.meta.url), encodePng(icon.size, icon.size, drawDemoIcon(icon.size, icon.purpose)));
  console.log(`demo/public/${icon.file} written (${icon.size}x${icon.size}, ${icon.purpose})`);
}
