// `npm run check:imports` (part of `npm run lint`): fails on an import circle or a layer
// breach (scripts/import-graph.mjs holds the rules). Usage: node scripts/check-imports.mjs [root]
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildImportGraph, findCycles, findLayerBreaches } from './import-graph.mjs'

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url))
const root = path.resolve(process.argv[2] ?? repositoryRoot)

const graph = buildImportGraph(root)
const cycles = findCycles(graph)
const breaches = findLayerBreaches(graph)

// A relative import that leads nowhere would also hide its edges; tsc reports it as an
// error, so here it is only a warning.
for (const { file, specifier } of graph.unresolved) {
  console.warn(`imports: cannot resolve '${specifier}' in ${file}`)
}

for (const { files, loop } of cycles) {
  console.error(`import circle of ${files.length} files: ${loop.join(' -> ')}`)
  if (files.length > loop.length - 1) {
    for (const file of files) console.error(`  ${file}`)
  }
}

for (const { file, to, rule } of breaches) {
  console.error(`layer breach: ${file} -> ${to} (${rule})`)
}

if (cycles.length > 0 || breaches.length > 0) {
  console.error(
    `imports: ${graph.files.length} files, ${cycles.length} import circles, ` +
      `${breaches.length} layer breaches`,
  )
  process.exitCode = 1
} else {
  console.log(`imports: ${graph.files.length} files, no cycles, no layer breaches`)
}
