import {
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { RouteErrorScreen } from './components/layout/error-screens'
import { PendingIndicator, ScrollManager } from './components/layout/navigation-feedback'
import { OFFICE_TIME_ZONE_META } from './domain/office'
import { localeOfPath } from './domain/locales'
import { copy, localeOf } from './i18n/translator.server'
import { FormMessagesContext } from './lib/forms/form-messages'
import { useNonce } from './lib/nonce'
import { runtime } from './platform/runtime.server'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: stylesheet },
]

export function loader({ request }: Route.LoaderArgs) {
  const { config } = runtime()
  return {
    company: config.company,
    siteUrl: config.siteUrl,
    officeTimeZone: config.officeTimeZone,
    // The browser's words for refused form fields, in the page's language.
    formMessages: copy(localeOf(request), 'formMessages'),
  }
}

/** A link into another language reads the form messages again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname) || defaultShouldRevalidate

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  // The page's language is its address's (docs/decisions/066-…).
  const lang = localeOfPath(useLocation().pathname)
  return (
    <html lang={lang}>
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

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <FormMessagesContext value={loaderData.formMessages}>
      <ScrollManager />
      <PendingIndicator />
      <Outlet />
    </FormMessagesContext>
  )
}

export function ErrorBoundary() {
  return <RouteErrorScreen error={useRouteError()} />
}
