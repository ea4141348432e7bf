import type { MetaDescriptor } from 'react-router'

/** The brand typeface's one file (its @font-face is in app/app.css). */
export const BRAND_FONT_FILE = '/fonts/inter-5.3.0-latin-wght.woff2'

/** Fetches the typeface alongside the stylesheet rather than after it. */
export const BRAND_FONT_PRELOAD: MetaDescriptor = {
  tagName: 'link',
  rel: 'preload',
  href: BRAND_FONT_FILE,
  as: 'font',
  type: 'font/woff2',
  crossOrigin: 'anonymous',
}
