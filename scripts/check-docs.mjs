// `npm run check:docs`: every relative link in README.md and docs/, every docs/<file>.md#<anchor>
// the source or the docs mention, and every repository path the docs write in code font must
// lead to a file (and heading) that exists (rules in scripts/docs-references.mjs).
// Usage: node scripts/check-docs.mjs [root]
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { findBrokenReferences } from './docs-references.mjs'

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url))
const root = path.resolve(process.argv[2] ?? repositoryRoot)

const { broken, checked } = findBrokenReferences(root)

for (const { file, line, reference, reason } of broken) {
  console.error(`${file}:${line}: ${reference} (${reason})`)
}

if (broken.length > 0) {
  console.error(`docs: ${broken.length} broken reference${broken.length === 1 ? '' : 's'}`)
  process.exitCode = 1
} else {
  console.log(
    `docs: ${checked.links} links, ${checked.paths} code-font paths and ${checked.mentions} ` +
      `docs mentions in ${checked.files} files, all resolve`,
  )
}
