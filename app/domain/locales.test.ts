import { describe, expect, it } from 'vitest'
import { isTranslatedPage, localeOfPath, pathInLocale, pathWithoutLocale } from './locales'

describe('the language of an address', () => {
  it('is Spanish under /es and English everywhere else, /es-like words included', () => {
    expect(localeOfPath('/es')).toBe('es')
    expect(localeOfPath('/es/careers')).toBe('es')
    expect(localeOfPath('/es?language=x')).toBe('es')
    expect(localeOfPath('/careers')).toBe('en')
    expect(localeOfPath('/espanol')).toBe('en')
    expect(localeOfPath('/')).toBe('en')
  })

  it('moves a page between languages, keeping its query and fragment', () => {
    expect(pathInLocale('/careers', 'es')).toBe('/es/careers')
    expect(pathInLocale('/', 'es')).toBe('/es')
    expect(pathInLocale('/#faq', 'es')).toBe('/es#faq')
    expect(pathInLocale('/application?language=korean-interpreter', 'es')).toBe(
      '/es/application?language=korean-interpreter',
    )
    expect(pathInLocale('/es/careers', 'en')).toBe('/careers')
    expect(pathInLocale('/es', 'en')).toBe('/')
    expect(pathInLocale('/es/careers', 'es')).toBe('/es/careers')
    expect(pathWithoutLocale('/es/apply/x')).toBe('/apply/x')
  })

  it('knows which pages are written in every language', () => {
    expect(isTranslatedPage('/careers')).toBe(true)
    expect(isTranslatedPage('/es/application?language=x')).toBe(true)
    expect(isTranslatedPage('/apply/contract-interpreter')).toBe(true)
    expect(isTranslatedPage('/application-status/abc.1.xyz')).toBe(true)
    expect(isTranslatedPage('/jobs/some-job')).toBe(true)
    expect(isTranslatedPage('/unsubscribe')).toBe(false)
    expect(isTranslatedPage('/admin')).toBe(false)
    expect(isTranslatedPage('/')).toBe(true)
    expect(isTranslatedPage('/es')).toBe(true)
    expect(isTranslatedPage('/careers/extra')).toBe(false)
  })
})
