// `npm run budget`: first-load JavaScript of every public page, gzipped, from the build's
// browser manifest (run `npm run build` first). Exits 1 when a page is over the budget.
import { projectPath } from '../app/platform/project-path.server'
import { measurePublicPages, PUBLIC_PAGE_JS_BUDGET_BYTES } from '../tests/support/js-budget'

const pages = measurePublicPages(projectPath('build/client'))
const kB = (bytes: number) => (bytes / 1000).toFixed(1)
console.log(
  `First-load JavaScript per public page (gzip level 6; budget ${kB(PUBLIC_PAGE_JS_BUDGET_BYTES)} kB)\n`,
)
for (const page of pages) {
  const over = page.gzipBytes > PUBLIC_PAGE_JS_BUDGET_BYTES
  console.log(
    `${over ? 'OVER' : 'ok  '}  ${kB(page.gzipBytes).padStart(6)} kB  ${String(page.files).padStart(2)} files  ${page.path}`,
  )
}
const worst = Math.max(...pages.map((page) => page.gzipBytes))
console.log(`\nLargest: ${kB(worst)} kB`)
if (worst > PUBLIC_PAGE_JS_BUDGET_BYTES) process.exit(1)
