// The project's own import graph, and the two rules `npm run check:imports` holds it to: no
// import circles (a module evaluated before the one it needs sees `undefined` bindings) and
// the layer table below (rules without I/O at the bottom, routes and start-up on top).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const SOURCE_DIRS = ['app', 'server', 'db', 'scripts', 'tests']
const SKIPPED_DIRS = new Set(['node_modules', 'build', '.react-router'])
// Declaration files (.d.ts, .d.mts) never run, so they take no part in the graph.
const SOURCE_FILE = /(?<!\.d)\.(ts|tsx|mts|mjs)$/
const TRY_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.mjs', '/index.ts', '/index.tsx']
// Stylesheets and images are loaded by Vite, not evaluated as modules.
const ASSET = /\?|\.(css|svg|png|jpe?g|webp|ico|json|txt)$/

/** Every source file under the scanned folders of `root`, as paths relative to it. */
export function listSourceFiles(root) {
  const files = []
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name)
      if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) walk(relative)
      else if (entry.isFile() && SOURCE_FILE.test(entry.name)) files.push(relative)
    }
  }
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(root, dir))) walk(dir)
  return files.sort()
}

/**
 * The module specifiers a file imports, re-exports or loads with `import()`, each marked
 * typeOnly when TypeScript erases it (`import type`, `export type`, or only `type X` names).
 */
export function readImports(fileName, sourceText) {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true)
  const found = []
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyImport(node) })
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyExport(node) })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function isTypeOnlyImport(node) {
  const clause = node.importClause
  if (!clause) return false // `import './x'` runs x for its side effects
  if (clause.isTypeOnly) return true
  if (clause.name) return false // a default import is a value
  const bindings = clause.namedBindings
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  )
}

function isTypeOnlyExport(node) {
  if (node.isTypeOnly) return true
  const clause = node.exportClause
  return (
    !!clause &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  )
}

/**
 * The file (relative to root) a specifier names, null for packages, generated route types
 * and assets, or undefined when a relative specifier leads nowhere.
 */
export function resolveSpecifier(root, fromFile, specifier) {
  let base
  if (specifier.startsWith('~/')) base = path.posix.join('app', specifier.slice(2))
  else if (specifier.startsWith('.'))
    base = path.posix.join(path.posix.dirname(fromFile), specifier)
  else return null // a package
  if (specifier.startsWith('./+types/') || ASSET.test(specifier)) return null
  // TypeScript lets `./x.js` name `./x.ts`.
  const candidates = TRY_SUFFIXES.map((suffix) => base + suffix)
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'))
  return candidates.find((candidate) => isFile(path.join(root, candidate)))
}

function isFile(file) {
  return existsSync(file) && statSync(file).isFile()
}

/** Files, and for each its imports resolved to project files: { to, specifier, typeOnly }. */
export function buildImportGraph(root) {
  const files = listSourceFiles(root)
  const edges = new Map()
  const unresolved = []
  for (const file of files) {
    const imports = readImports(file, readFileSync(path.join(root, file), 'utf8'))
    const resolved = []
    for (const { specifier, typeOnly } of imports) {
      const to = resolveSpecifier(root, file, specifier)
      if (to === undefined) unresolved.push({ file, specifier })
      else if (to !== null) resolved.push({ to, specifier, typeOnly })
    }
    edges.set(file, resolved)
  }
  return { files, edges, unresolved }
}

/**
 * Import circles, type-only imports included (two modules whose types need each other cannot
 * be read or moved apart either): Tarjan's strongly connected components with more than one
 * file (or a file importing itself), each given as its files and one shortest loop.
 */
export function findCycles(graph) {
  const next = (file) => (graph.edges.get(file) ?? []).map((edge) => edge.to)
  const index = new Map()
  const lowLink = new Map()
  const stack = []
  const onStack = new Set()
  const components = []
  const connect = (file) => {
    index.set(file, index.size)
    lowLink.set(file, index.get(file))
    stack.push(file)
    onStack.add(file)
    for (const to of next(file)) {
      if (!index.has(to)) {
        connect(to)
        lowLink.set(file, Math.min(lowLink.get(file), lowLink.get(to)))
      } else if (onStack.has(to)) {
        lowLink.set(file, Math.min(lowLink.get(file), index.get(to)))
      }
    }
    if (lowLink.get(file) !== index.get(file)) return
    const component = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || next(file).includes(file)) components.push(component.sort())
  }
  for (const file of graph.files) if (!index.has(file)) connect(file)
  return components.map((files) => ({ files, loop: shortestLoop(files[0], new Set(files), next) }))
}

// Breadth-first search from `start` back to itself inside its component, for a readable example.
function shortestLoop(start, members, next) {
  const cameFrom = new Map()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()
    for (const to of next(file)) {
      if (!members.has(to)) continue
      if (to === start) {
        const loop = [start]
        for (let step = file; step !== start; step = cameFrom.get(step)) loop.splice(1, 0, step)
        return [...loop, start]
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, file)
        queue.push(to)
      }
    }
  }
  return [start, start]
}

// What each layer's files may import at run time: an allow list, or for the outer layers a deny
// list. Type-only imports vanish at run time, so they are exempt, except in a layer marked
// `types: true` (lib: a helper that names a model's type still changes when the model does,
// so it takes its own input type instead); files in no layer (routes, server, scripts, tests)
// are not restricted. The lower a layer, the less it may see:
// domain rules need no I/O, the platform must run without models, auth or routes, and the
// helpers in lib serve the layers above them without reaching up into models or e-mails.
// The catalogues (app/i18n) read the copy and the forms' messages and are read by the e-mails,
// models and routes; the copy and the components get their words from loaders instead.
const UI_MAY_NOT_IMPORT = [
  'app/i18n',
  'app/models',
  'app/platform',
  'app/boot',
  'app/routes',
  'app/auth',
  'app/realtime',
  'db/schema',
]
const LAYERS = [
  { layer: 'app/domain', allow: ['app/domain'] },
  { layer: 'db/schema', allow: ['db/schema', 'app/domain'] },
  { layer: 'app/platform', allow: ['app/platform', 'app/domain', 'db/schema'] },
  {
    layer: 'app/lib',
    allow: ['app/lib', 'app/domain', 'app/platform', 'app/content', 'db/schema'],
    types: true,
  },
  {
    layer: 'app/i18n',
    allow: ['app/i18n', 'app/domain', 'app/content', 'app/lib', 'app/platform'],
  },
  {
    layer: 'app/emails',
    allow: ['app/emails', 'app/domain', 'app/platform', 'app/content', 'app/lib', 'app/i18n'],
  },
  {
    layer: 'app/models',
    allow: [
      'app/models',
      'app/domain',
      'app/platform',
      'app/emails',
      'app/content',
      'app/lib',
      'app/i18n',
      'db/schema',
    ],
  },
  { layer: 'app/components', deny: UI_MAY_NOT_IMPORT },
  { layer: 'app/content', deny: UI_MAY_NOT_IMPORT },
  { layer: 'app/auth', deny: ['app/routes', 'app/components', 'app/boot'] },
  { layer: 'app/boot', deny: ['app/routes', 'app/components'] },
  { layer: 'app/realtime', deny: ['app/routes', 'app/components', 'app/boot'] },
]

const within = (file, folder) => file === folder || file.startsWith(`${folder}/`)
// Tests may reach into any layer to set up what they check.
const isTest = (file) => /\.test\.tsx?$/.test(file)

function describeRule(rule) {
  return rule.allow
    ? `${rule.layer} may import only ${rule.allow.join(', ')}`
    : `${rule.layer} may not import ${rule.deny.join(', ')}`
}

/** Imports that cross the layer table (type-only ones where a layer counts them): { file, to, rule }. */
export function findLayerBreaches(graph) {
  const breaches = []
  for (const [file, edges] of graph.edges) {
    const rule = LAYERS.find((candidate) => within(file, candidate.layer))
    if (!rule || isTest(file)) continue
    for (const { to, typeOnly } of edges) {
      if (typeOnly && !rule.types) continue
      const allowed = rule.allow
        ? rule.allow.some((folder) => within(to, folder))
        : !rule.deny.some((folder) => within(to, folder))
      if (!allowed) breaches.push({ file, to, rule: describeRule(rule) })
    }
  }
  return breaches
}
