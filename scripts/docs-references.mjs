// Finds references in the repository that point nowhere: Markdown links in README.md and
// docs/, `docs/<file>.md#<anchor>` mentions in the source, and backticked repository paths in
// the docs. Used by scripts/check-docs.mjs and its test (tests/integration/check-docs.test.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** Top-level folders whose paths the docs mention and whose source may cite the docs. */
const REPOSITORY_FOLDERS = ['app', 'server', 'scripts', 'tests', 'db', 'docs']
const SOURCE_FOLDERS = ['app', 'server', 'scripts', 'tests', 'db']
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mjs']
const SKIPPED_FOLDERS = new Set(['node_modules', 'build', '.react-router'])

/**
 * GitHub's anchor for a heading: the text as rendered, lower-cased, punctuation dropped
 * (letters, digits, spaces, '-' and '_' stay), each space turned into '-'.
 */
export function githubAnchor(headingText) {
  const rendered = headingText
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-')
}

/** The lines of a Markdown text outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown) {
  const lines = []
  let fence
  markdown.split('\n').forEach((text, index) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(text)?.[1]
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined
      return
    }
    if (marker) {
      fence = marker
      return
    }
    lines.push({ text, number: index + 1 })
  })
  return lines
}

const CODE_SPAN = /(`+)(.+?)\1(?!`)/g

/** `docs/<file>.md` or `docs/<file>.md#<anchor>`, as the source and the docs mention them. */
const DOCS_MENTION = /(?<![\w./-])docs\/[\w./-]*?[\w-]\.md(?:#[\p{L}\p{N}_-]+)?/gu

/** Every anchor a Markdown file offers: its headings' (numbered when repeated) and HTML ids. */
export function headingAnchors(markdown) {
  const anchors = new Set()
  const seen = new Map()
  for (const { text } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text)
    if (heading) {
      const base = githubAnchor(heading[1])
      const count = seen.get(base) ?? 0
      seen.set(base, count + 1)
      anchors.add(count === 0 ? base : `${base}-${count}`)
    }
    for (const id of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1])
  }
  return anchors
}

const blank = (text) => ' '.repeat(text.length)
const INLINE_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/

/** Markdown link targets on one line (inline links, images and reference definitions). */
function linkTargets(line) {
  const withoutCode = line.replace(CODE_SPAN, blank)
  const targets = [...withoutCode.matchAll(INLINE_LINK)].map((link) => link[1])
  const definition = LINK_DEFINITION.exec(withoutCode)
  if (definition) targets.push(definition[1])
  return targets
}

/** `docs/<file>.md` written as plain text (not as a link or in code font) on one line. */
function plainDocsMentions(line) {
  const prose = line
    .replace(CODE_SPAN, blank)
    .replace(INLINE_LINK, blank)
    .replace(LINK_DEFINITION, blank)
  return [...prose.matchAll(DOCS_MENTION)].map((mention) => mention[0])
}

const isExternal = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')

/** Repository paths written in code font, such as `app/routes.ts`, on one line. */
function backtickedPaths(line) {
  const folders = REPOSITORY_FOLDERS.join('|')
  const pathPattern = new RegExp(`^(?:${folders})/\\S*$`)
  const paths = []
  for (const span of line.matchAll(CODE_SPAN)) {
    const content = span[2].trim()
    if (!pathPattern.test(content)) continue
    if (/[*<{…]|\.\.\./.test(content) || /(^|\/)build\//.test(content)) continue
    paths.push(content)
  }
  return paths
}

function walk(root, folder, accept) {
  const start = path.join(root, folder)
  if (!existsSync(start)) return []
  const files = []
  const visit = (directory) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue
      const full = path.join(directory, entry.name)
      if (entry.isDirectory()) visit(full)
      else if (entry.isFile() && accept(entry.name)) files.push(full)
    }
  }
  visit(start)
  return files
}

/**
 * Checks a reference `target` (a path with an optional `#anchor`) made by `fromFile`, with
 * relative paths resolved from `baseDirectory`. Answers why it is broken, or undefined.
 */
function whyBroken(root, fromFile, baseDirectory, target, anchorsOf) {
  const hashAt = target.indexOf('#')
  const rawPath = hashAt === -1 ? target : target.slice(0, hashAt)
  const anchor = hashAt === -1 ? undefined : target.slice(hashAt + 1)
  let pathPart
  try {
    pathPart = decodeURIComponent(rawPath)
  } catch {
    return 'not a valid address'
  }
  const resolved =
    pathPart === ''
      ? fromFile
      : pathPart.startsWith('/')
        ? path.join(root, pathPart)
        : path.resolve(baseDirectory, pathPart)
  const relative = path.relative(root, resolved)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return 'outside the repository'
  if (!existsSync(resolved)) return 'no such file'
  if (anchor === undefined || !resolved.endsWith('.md') || !statSync(resolved).isFile()) return
  if (!anchorsOf(resolved).has(anchor))
    return `no heading with anchor #${anchor} in ${relative.split(path.sep).join('/')}`
}

/**
 * Every broken reference under `root`, as { file, line, reference, reason } with `file`
 * relative to `root`, and how many references were checked.
 */
export function findBrokenReferences(root) {
  const anchorCache = new Map()
  const anchorsOf = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, headingAnchors(readFileSync(file, 'utf8')))
    return anchorCache.get(file)
  }
  const broken = []
  const checked = { links: 0, paths: 0, mentions: 0, files: 0 }
  const report = (file, line, reference, reason) =>
    broken.push({
      file: path.relative(root, file).split(path.sep).join('/'),
      line,
      reference,
      reason,
    })

  const markdownFiles = [
    ...(existsSync(path.join(root, 'README.md')) ? [path.join(root, 'README.md')] : []),
    ...walk(root, 'docs', (name) => name.endsWith('.md')),
  ]
  for (const file of markdownFiles) {
    checked.files++
    for (const { text, number } of proseLines(readFileSync(file, 'utf8'))) {
      for (const target of linkTargets(text)) {
        if (isExternal(target)) continue
        checked.links++
        const reason = whyBroken(root, file, path.dirname(file), target, anchorsOf)
        if (reason) report(file, number, target, reason)
      }
      for (const repositoryPath of backtickedPaths(text)) {
        checked.paths++
        const reason = whyBroken(root, file, root, repositoryPath, anchorsOf)
        if (reason) report(file, number, repositoryPath, reason)
      }
      for (const mention of plainDocsMentions(text)) {
        checked.mentions++
        const reason = whyBroken(root, file, root, mention, anchorsOf)
        if (reason) report(file, number, mention, reason)
      }
    }
  }

  for (const folder of SOURCE_FOLDERS) {
    const sourceFiles = walk(root, folder, (name) =>
      SOURCE_EXTENSIONS.some((extension) => name.endsWith(extension)),
    )
    for (const file of sourceFiles) {
      checked.files++
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((text, index) => {
          for (const mention of text.matchAll(DOCS_MENTION)) {
            checked.mentions++
            const reason = whyBroken(root, file, root, mention[0], anchorsOf)
            if (reason) report(file, index + 1, mention[0], reason)
          }
        })
    }
  }
  return { broken, checked }
}
