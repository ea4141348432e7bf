// Bundles the Express host (server/index.ts) into build/host/index.js. Packages stay
// external; the app itself is loaded from build/server at run time.
import { build } from 'esbuild'

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'build/host/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
