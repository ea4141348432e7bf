import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { runInNewContext } from 'node:vm'
import { gzipSync } from 'node:zlib'
import { linkOnlyPublicPages, publicPageSamples } from './public-page-samples'

/**
 * First-load JavaScript of any public page, at most 120 kB gzipped
 * (docs/decisions/011-public-page-javascript-budget.md).
 */
export const PUBLIC_PAGE_JS_BUDGET_BYTES = 120_000

interface ManifestEntry {
  module: string
  imports?: string[]
  parentId?: string
}

interface BrowserManifest {
  entry: ManifestEntry
  routes: Record<string, ManifestEntry>
}

/** Reads React Router's browser manifest (`build/client/assets/manifest-*.js`). */
export function readBrowserManifest(clientDir: string): BrowserManifest {
  const assets = path.join(clientDir, 'assets')
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name))
  if (!file) throw new Error(`No manifest-*.js in ${assets}: run npm run build first.`)
  const sandbox: { window: { __reactRouterManifest?: BrowserManifest } } = { window: {} }
  runInNewContext(readFileSync(path.join(assets, file), 'utf8'), sandbox)
  const manifest = sandbox.window.__reactRouterManifest
  if (!manifest) throw new Error(`${file} does not define window.__reactRouterManifest`)
  return manifest
}

/** The JavaScript files a first visit to the route loads: the entry and every route module
 * from the root down to the route, with their static imports (what the page modulepreloads). */
export function firstLoadFiles(manifest: BrowserManifest, routeId: string): string[] {
  const files = new Set<string>()
  const add = (entry: ManifestEntry) => {
    files.add(entry.module)
    for (const file of entry.imports ?? []) files.add(file)
  }
  add(manifest.entry)
  let id: string | undefined = routeId
  const chain: ManifestEntry[] = []
  while (id) {
    const route: ManifestEntry | undefined = manifest.routes[id]
    if (!route) throw new Error(`Route ${id} is not in the build manifest`)
    chain.push(route)
    id = route.parentId
  }
  for (const route of chain.reverse()) add(route)
  return [...files]
}

const gzipSizes = new Map<string, number>()

/** Gzipped size at the level the host's compression middleware uses (zlib's default, 6). */
export function gzipSize(clientDir: string, file: string): number {
  const key = path.join(clientDir, file)
  let size = gzipSizes.get(key)
  if (size === undefined) {
    size = gzipSync(readFileSync(key), { level: 6 }).length
    gzipSizes.set(key, size)
  }
  return size
}

export interface PageBudget {
  path: string
  routeId: string
  files: number
  gzipBytes: number
}

/** First-load JavaScript, gzipped, of every public page, those behind a private link too. */
export function measurePublicPages(clientDir: string): PageBudget[] {
  const manifest = readBrowserManifest(clientDir)
  return [...publicPageSamples, ...linkOnlyPublicPages].map(({ path: pagePath, routeId }) => {
    const files = firstLoadFiles(manifest, routeId)
    return {
      path: pagePath,
      routeId,
      files: files.length,
      gzipBytes: files.reduce((sum, file) => sum + gzipSize(clientDir, file), 0),
    }
  })
}
