import type { MetaDescriptor } from 'react-router'
import { BRAND_FONT_PRELOAD } from './brand-font'
import { organizationJsonLd } from './organization-json-ld.server'
import { runtime } from '../../platform/runtime.server'
import { seoTags, type PageSeo } from './meta'
import { socialImageFor } from './social-images'
import { breadcrumbListJsonLd, type Crumb } from './structured-data'

/**
 * A public page's head, built on the server: its SEO tags (title, description, keywords,
 * canonical, Open Graph, social card, with the page type's image from social-images.ts),
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
  const items = [
    organizationJsonLd(siteUrl, company),
    ...(trail ? [breadcrumbListJsonLd(siteUrl, trail)] : []),
    ...structuredData,
  ]
  return {
    meta: [
      ...seoTags({ ...socialImageFor(seo.path), ...seo }, siteUrl, company.name),
      BRAND_FONT_PRELOAD,
      ...items.map((item) => ({ 'script:ld+json': item }) as MetaDescriptor),
    ],
  }
}
