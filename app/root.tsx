import { Links, Meta, Outlet, Scripts, useRouteError, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { RouteErrorScreen } from './components/layout/error-screens'
import { PendingIndicator, ScrollManager } from './components/layout/navigation-feedback'
import { OFFICE_TIME_ZONE_META } from './domain/office'
import { useNonce } from './lib/nonce'
import { runtime } from './platform/runtime.server'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: stylesheet },
]

export function loader() {
  const { config } = runtime()
  return { company: config.company, siteUrl: config.siteUrl, officeTimeZone: config.officeTimeZone }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Server only: the browser reads it (app/domain/office.ts), React leaves it be. */}
        {import.meta.env.SSR && <OfficeTimeZoneMeta />}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

function OfficeTimeZoneMeta() {
  const officeTimeZone = useRouteLoaderData<typeof loader>('root')?.officeTimeZone
  return officeTimeZone ? <meta name={OFFICE_TIME_ZONE_META} content={officeTimeZone} /> : null
}

export default function App() {
  return (
    <>
      <ScrollManager />
      <PendingIndicator />
      <Outlet />
    </>
  )
}

export function ErrorBoundary() {
  return <RouteErrorScreen error={useRouteError()} />
}
