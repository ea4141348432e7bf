import type { MetaDescriptor } from 'react-router'
import {
  DEFAULT_LOCALE,
  isTranslatedPage,
  LOCALE_TAGS,
  LOCALES,
  pathInLocale,
} from '../domain/locales'
import { BRAND_FONT_PRELOAD } from '../lib/seo/brand-font'
import { organizationJsonLd } from '../lib/seo/organization-json-ld.server'
import { runtime } from '../platform/runtime.server'
import { copy } from './translator.server'
import { seoTags, type PageSeo } from '../lib/seo/meta'
import { socialImageFor } from '../lib/seo/social-images'
import { breadcrumbListJsonLd, type Crumb } from '../lib/seo/structured-data'

/**
 * A public page's head, built on the server: its SEO tags (title, description, keywords,
 * canonical, Open Graph, social card, with the page type's image from
 * app/lib/seo/social-images.ts), in the page's language with its alternates in the others,
 * the brand typeface's preload (free of JavaScript, unlike a `links` export) and its
 * structured data: the Organization on every
 * page, a BreadcrumbList for inner pages (`trail`) and any other item (FAQPage,
 * JobPosting). Routes return it from their loader as `head` and export
 * `meta = metaFromLoader`, so the page's JavaScript carries none of it
 * (docs/decisions/011-public-page-javascript-budget.md).
 */
export function pageHead(
  seo: PageSeo,
  trail?: readonly Crumb[],
  structuredData: readonly object[] = [],
): { meta: MetaDescriptor[] } {
  const { siteUrl, company } = runtime().config
  const locale = seo.locale ?? DEFAULT_LOCALE
  // Each crumb in the page's language where that page is written in it.
  const crumbs = trail?.map((crumb) =>
    isTranslatedPage(crumb.path) ? { ...crumb, path: pathInLocale(crumb.path, locale) } : crumb,
  )
  const items = [
    organizationJsonLd(siteUrl, company, copy(locale, 'organization')),
    ...(crumbs ? [breadcrumbListJsonLd(siteUrl, crumbs)] : []),
    ...structuredData,
  ]
  const localized = { ...socialImageFor(seo.path), ...seo, path: pathInLocale(seo.path, locale) }
  return {
    meta: [
      ...seoTags(localized, siteUrl, company.name),
      { property: 'og:locale', content: LOCALE_TAGS[locale].replace('-', '_') },
      ...(seo.noindex || !isTranslatedPage(seo.path) ? [] : languageAlternates(seo.path, siteUrl)),
      BRAND_FONT_PRELOAD,
      ...items.map((item) => ({ 'script:ld+json': item }) as MetaDescriptor),
    ],
  }
}

/** The page in each language, and which one a visitor of another language gets (`x-default`). */
function languageAlternates(path: string, siteUrl: string): MetaDescriptor[] {
  return [...LOCALES, 'x-default' as const].map((language) => ({
    tagName: 'link',
    rel: 'alternate',
    hrefLang: language,
    href: `${siteUrl}${pathInLocale(path, language === 'x-default' ? DEFAULT_LOCALE : language)}`,
  }))
}
