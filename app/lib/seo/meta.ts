import type { MetaDescriptor } from 'react-router'
import type { Locale } from '../../domain/locales'
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, SOCIAL_IMAGES } from './social-images'

export interface PageSeo {
  /** The page's unique title, without the company name. */
  title: string
  description: string
  /** The path of the canonical URL, for example `/services`. */
  path: string
  keywords?: readonly string[]
  /**
   * An absolute path under the site, for Open Graph and social cards: a 1200×630 picture
   * (app/lib/seo/social-images.ts). Public pages get their page type's one from `pageHead`.
   */
  image?: string
  /** What the image shows, for og:image:alt (with `image`). */
  imageAlt?: string
  type?: 'website' | 'article'
  /** Keep the page out of search results (login, admin, confirmation pages). */
  noindex?: boolean
  /**
   * The page's language (English by default), for `pageHead`: it turns `path`, the page's
   * English path, into the language's and adds the other languages' alternates.
   */
  locale?: Locale
}

export const DEFAULT_SOCIAL_IMAGE = SOCIAL_IMAGES.default.image

interface RootLoaderData {
  siteUrl: string
  company: { name: string }
}

/** The root loader's data from a meta function's `matches`. */
export function rootDataFrom(matches: readonly unknown[]): RootLoaderData {
  const root = (matches as ({ id: string; loaderData?: unknown } | undefined)[]).find(
    (match) => match?.id === 'root',
  )
  const data = root?.loaderData as RootLoaderData | undefined
  return data ?? { siteUrl: '', company: { name: '' } }
}

/**
 * Title, description, keywords, canonical link, Open Graph and social-card tags for a page.
 * Use it from a route's `meta`: `seoMeta({ … }, matches)`.
 */
export function seoMeta(seo: PageSeo, matches: readonly unknown[]): MetaDescriptor[] {
  const { siteUrl, company } = rootDataFrom(matches)
  return seoTags(seo, siteUrl, company.name)
}

/** The tags of `seoMeta` for a known site address and company name (loaders use this). */
export function seoTags(seo: PageSeo, siteUrl: string, companyName: string): MetaDescriptor[] {
  const company = { name: companyName }
  const title = company.name ? `${seo.title} | ${company.name}` : seo.title
  const url = `${siteUrl}${seo.path}`
  const image = `${siteUrl}${seo.image ?? DEFAULT_SOCIAL_IMAGE}`
  const imageAlt = seo.image ? seo.imageAlt : SOCIAL_IMAGES.default.imageAlt
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(SOCIAL_IMAGE_WIDTH) },
    { property: 'og:image:height', content: String(SOCIAL_IMAGE_HEIGHT) },
    { property: 'og:site_name', content: company.name },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: seo.description },
    { name: 'twitter:image', content: image },
  ]
  if (imageAlt)
    tags.push(
      { property: 'og:image:alt', content: imageAlt },
      { name: 'twitter:image:alt', content: imageAlt },
    )
  if (seo.keywords?.length) tags.push({ name: 'keywords', content: seo.keywords.join(', ') })
  if (seo.noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' })
  return tags
}
