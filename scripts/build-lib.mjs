// `npm run build:lib` (and `npm pack`): tsdown's build through its API, with tsdown.config.ts. tsdown's command line
// warns on Node 20 that tsdown itself will drop it in its next minor; `npm pack` printed that to everyone on the
// Node 20.19+ our `engines` supports, as if the package needed newer. The build is the same; tsdown stays on 0.21.x
// (package.json pins ~0.21), whose own engines are Node 20.19+.
import { build } from 'tsdown';

await build();
