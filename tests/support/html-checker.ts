import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

/** A page's HTML as the server sent it (or as the browser holds it), named for the report. */
export interface HtmlDocument {
  name: string
  html: string
}

interface CheckerMessage {
  type: string
  subType?: string
  url?: string
  lastLine?: number
  message: string
  extract?: string
}

// The npm package exports the path of the checker's jar; Java comes from the system
// (Debian's default-jre-headless, installed by .ci/run).
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'))

/**
 * Runs the W3C HTML checker (vnu) once over all documents and returns its errors, each as
 * `name:line: message`. One run keeps the Java start-up to a single one.
 */
export async function htmlErrors(documents: HtmlDocument[]): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'html-check-'))
  try {
    const names = new Map<string, string>()
    const files = documents.map((document, index) => {
      const file = path.join(dir, `${String(index).padStart(3, '0')}.html`)
      writeFileSync(file, document.html)
      names.set(file, document.name)
      return file
    })
    const output = await new Promise<string>((resolve, reject) => {
      // vnu exits 1 when it found errors; its JSON report goes to stderr either way.
      execFile(
        'java',
        ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, _stdout, stderr) => {
          if (error && !stderr.trim().startsWith('{')) reject(error)
          else resolve(stderr)
        },
      )
    })
    const report = JSON.parse(output) as { messages: CheckerMessage[] }
    return report.messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => {
        const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : ''
        const where = `${names.get(file) ?? file}:${message.lastLine ?? '?'}`
        return `${where}: ${message.message}${message.extract ? ` [${message.extract.trim()}]` : ''}`
      })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
