import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { claims } from './claims'

/** Where the public site's and the e-mails' copy lives. */
const copyFolders = [
  'app/content',
  'app/lib/seo',
  'app/routes/public',
  'app/routes/careers',
  'app/components/marketing',
  'app/emails',
]

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : []
  })
}

/** Every string value of the claims, and the founding year. */
function claimValues(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number') return [String(value)]
  if (value && typeof value === 'object') return Object.values(value).flatMap(claimValues)
  return []
}

/**
 * A company figure in copy: a count of languages, clients, linguists, interpreters or
 * countries ("200+ languages", "more than 1,500 contract interpreters"), or the founding year.
 */
const figurePattern =
  /(\d[\d,]*K?\+)\s+(?:[a-z-]+\s+)?(?:languages|clients|linguists|interpreters|countries)\b|more than (\d[\d,]*)|[Ss]ince (\d{4})|[Ff]ounded(?: in)? (\d{4})/g

describe('company figures', () => {
  it('every figure the copy gives is one of the claims (app/content/marketing/claims.ts)', () => {
    const allowed = new Set(
      claimValues(claims).flatMap((value) => [value, value.replace(/\+$/, '')]),
    )
    const found: string[] = []
    const strays: string[] = []
    for (const file of copyFolders.flatMap(sourceFiles)) {
      if (file.endsWith(path.join('marketing', 'claims.ts'))) continue
      for (const match of readFileSync(file, 'utf8').matchAll(figurePattern)) {
        const figure = match[1] ?? match[2] ?? match[3] ?? match[4]!
        found.push(figure)
        if (!allowed.has(figure)) strays.push(`${file}: "${match[0]}"`)
      }
    }
    // The check reads real copy: the languages count, at least, is written out somewhere.
    expect(found).toContain('200+')
    expect(strays).toEqual([])
  })

  it('the founding year and the counts agree with each other where the spec gives one reading', () => {
    expect(claims.founded).toBe(1998)
    expect(claims.contractInterpreters).toBe(`${claims.peopleJoined}+`)
    expect(claims.languages).toBe('200+')
  })
})
