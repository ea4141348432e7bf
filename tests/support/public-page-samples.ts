/**
 * Every public page, by one address each (a sample posting and language for the routes with
 * parameters) and its route id in the build manifest. The crawler and axe tests, the
 * JavaScript budget and `npm run lighthouse` all go through this list.
 */
export const publicPageSamples: { path: string; routeId: string }[] = [
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
