import { isTranslatedPage, pathInLocale } from '../../app/domain/locales'

/**
 * Every public page, by one address each (a sample posting and language for the routes with
 * parameters) and its route id in the build manifest. The crawler and axe tests, the
 * JavaScript budget and `npm run lighthouse` all go through this list.
 */
const englishPageSamples: { path: string; routeId: string }[] = [
  { path: '/', routeId: 'routes/public/home' },
  { path: '/services', routeId: 'routes/public/services' },
  { path: '/industries', routeId: 'routes/public/industries' },
  { path: '/about', routeId: 'routes/public/about' },
  { path: '/careers', routeId: 'routes/careers/careers' },
  { path: '/contact', routeId: 'routes/public/contact' },
  { path: '/demo', routeId: 'routes/public/demo' },
  { path: '/privacy', routeId: 'routes/public/privacy' },
  { path: '/jobs/greek-english-remote-interpreter', routeId: 'routes/careers/job-detail' },
  { path: '/apply/contract-interpreter', routeId: 'routes/careers/apply' },
  { path: '/application?language=cantonese-interpreter', routeId: 'routes/careers/application' },
]

/**
 * The same pages in Spanish, where they are written in it (app/domain/locales.ts): the same
 * route, so the same JavaScript, under /es.
 */
const spanishPageSamples = englishPageSamples
  .filter((sample) => isTranslatedPage(sample.path))
  .map((sample) => ({ ...sample, path: pathInLocale(sample.path, 'es') }))

export const publicPageSamples = [...englishPageSamples, ...spanishPageSamples]

/**
 * Public pages reached only by a private link (a token in the address): not crawled, but held to
 * the same JavaScript budget (tests/support/js-budget.ts). The paths only name them.
 */
export const linkOnlyPublicPages: { path: string; routeId: string }[] = [
  { path: '/application-status/:token', routeId: 'routes/public/application-status' },
  { path: '/application-erasure/:code', routeId: 'routes/public/application-erasure' },
  { path: '/offers/accept', routeId: 'routes/public/offers-accept' },
  { path: '/unsubscribe', routeId: 'routes/public/unsubscribe' },
  { path: '/call-guest/:link', routeId: 'routes/public/call-guest' },
]
