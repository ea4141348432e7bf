import { readFileSync, statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { seoTags } from './meta'
import {
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_WIDTH,
  SOCIAL_IMAGES,
  SOCIAL_PAGE_TYPES,
  socialImageFor,
  socialPageTypeOf,
} from './social-images'

const publicFile = (path: string) => new URL(`../../../public${path}`, import.meta.url)

const pages = {
  '/': 'home',
  '/services': 'services',
  '/industries': 'industries',
  '/about': 'about',
  '/careers': 'careers',
  '/jobs/greek-english-remote-interpreter': 'careers',
  '/apply/contract-interpreter': 'careers',
  '/application?language=cantonese-interpreter': 'careers',
  '/contact': 'contact',
  '/demo': 'contact',
  '/privacy': 'default',
  '/application-status': 'default',
} as const

function contentOf(tags: ReturnType<typeof seoTags>, key: string): string | undefined {
  const tag =
    tags.find((item) => 'property' in item && item.property === key) ??
    tags.find((item) => 'name' in item && item.name === key)
  return tag && 'content' in tag ? String(tag.content) : undefined
}

describe('social images', () => {
  for (const [path, type] of Object.entries(pages)) {
    it(`gives ${path} the ${type} picture, with its size and text alternative`, () => {
      expect(socialPageTypeOf(path)).toBe(type)
      const tags = seoTags(
        { title: 'Page', description: 'About the page', path, ...socialImageFor(path) },
        'https://languages.example',
        'Example Language Services',
      )
      const url = `https://languages.example/og/${type}.png`
      expect(contentOf(tags, 'og:image')).toBe(url)
      expect(contentOf(tags, 'twitter:image')).toBe(url)
      expect(contentOf(tags, 'og:image:width')).toBe('1200')
      expect(contentOf(tags, 'og:image:height')).toBe('630')
      expect(contentOf(tags, 'og:image:alt')).toBe(SOCIAL_IMAGES[type].imageAlt)
      expect(contentOf(tags, 'twitter:image:alt')).toBe(SOCIAL_IMAGES[type].imageAlt)
      expect(contentOf(tags, 'twitter:card')).toBe('summary_large_image')
    })
  }

  it('gives pages without their own picture the default one', () => {
    const tags = seoTags({ title: 'Admin', description: 'Staff', path: '/admin' }, '', 'Acme')
    expect(contentOf(tags, 'og:image')).toBe('/og/default.png')
    expect(contentOf(tags, 'og:image:alt')).toBe(SOCIAL_IMAGES.default.imageAlt)
  })

  for (const type of SOCIAL_PAGE_TYPES) {
    it(`has the ${type} picture as a 1200×630 PNG under 100 kB in public/og`, () => {
      const file = publicFile(SOCIAL_IMAGES[type].image)
      expect(statSync(file).size).toBeLessThan(100_000)
      const png = readFileSync(file)
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
      expect(png.readUInt32BE(16)).toBe(SOCIAL_IMAGE_WIDTH)
      expect(png.readUInt32BE(20)).toBe(SOCIAL_IMAGE_HEIGHT)
      expect(SOCIAL_IMAGES[type].imageAlt).toContain(SOCIAL_IMAGES[type].heading)
    })
  }
})
