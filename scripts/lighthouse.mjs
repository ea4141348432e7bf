// `npm run lighthouse`: Lighthouse (mobile preset, the system Chromium) on every public page,
// three runs each; the medians of the four category scores and of LCP, TBT and CLS are
// appended to docs/benchmarks.md with the date and the machine. Needs `npm run build` first.
// LIGHTHOUSE_RUNS changes the number of runs; LIGHTHOUSE_PAGES="/ /contact" the pages;
// LIGHTHOUSE_REPORTS=dir keeps each run's full report there (JSON), to see what a score lost.
import { spawnSync } from 'node:child_process'
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { publicPageSamples } from '../tests/support/public-page-samples.ts'
import { startSiteServer } from './site-server.ts'

const PAGES =
  process.env.LIGHTHOUSE_PAGES?.split(/\s+/).filter(Boolean) ??
  publicPageSamples.map((page) => page.path)
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium'
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

if (!existsSync('build/host/index.js')) {
  console.error('No build: run `npm run build` first.')
  process.exit(1)
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const server = await startSiteServer('lighthouse')
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS })
const results = []
try {
  for (const page of PAGES) {
    const url = server.url + page
    // One unmeasured visit warms the page cache, as a live site's would be.
    await fetch(url)
    const runs = []
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      const { categories, audits } = result.lhr
      if (process.env.LIGHTHOUSE_REPORTS) {
        const name = `${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.json`
        writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr))
      }
      runs.push({
        performance: categories.performance.score * 100,
        accessibility: categories.accessibility.score * 100,
        bestPractices: categories['best-practices'].score * 100,
        seo: categories.seo.score * 100,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      })
    }
    const summary = Object.fromEntries(
      Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key]))]),
    )
    results.push({ page, ...summary })
    console.log(
      `${page}: perf ${summary.performance} a11y ${summary.accessibility} bp ${summary.bestPractices} seo ${summary.seo} LCP ${Math.round(summary.lcp)} ms TBT ${Math.round(summary.tbt)} ms CLS ${summary.cls.toFixed(3)}`,
    )
  }
} finally {
  await chrome.kill()
  await server.stop()
}

const version = JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version
const cpus = os.cpus()
const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}`
const load = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ')
const file = 'docs/benchmarks.md'
if (!existsSync(file))
  writeFileSync(
    file,
    '# Benchmarks\n\nMeasurements appended by `npm run lighthouse` and other benchmark scripts.\n',
  )
const rows = results.map(
  (row) =>
    `| \`${row.page}\` | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} |`,
)
appendFileSync(
  file,
  [
    '',
    `## Lighthouse ${version}, mobile preset, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${machine}; load average at the end (1/5/15 min): ${load}. Median of ${RUNS} runs per page, production build served by the host on 127.0.0.1 with a warm page cache, system Chromium, simulated mobile throttling.`,
    '',
    '| page | performance | accessibility | best practices | SEO | LCP (ms) | TBT (ms) | CLS |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n'),
)
// Keep the file in the project's Markdown style (CI checks formatting).
spawnSync(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--write', file], {
  stdio: 'ignore',
})
console.log(`Appended to ${file}`)
