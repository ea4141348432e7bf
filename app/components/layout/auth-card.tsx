import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Logo } from './logo'

/**
 * The centred card of the login, password and setup screens. Its words come from the page:
 * `homeLabel` names the logo's link home (by default '<company>, home').
 */
export function AuthCard({
  eyebrow,
  title,
  children,
  companyName,
  homeLabel,
}: {
  eyebrow?: string
  title: string
  children: ReactNode
  companyName: string
  homeLabel?: string
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200">
        <Link
          to="/"
          className="mx-auto flex w-fit flex-col items-center gap-3"
          aria-label={homeLabel ?? `${companyName}, home`}
        >
          <Logo size="large" alt="" />
          <span className="font-semibold text-brand-900">{companyName}</span>
        </Link>
        {eyebrow ? (
          <p className="mt-6 text-center text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1
          className={`${eyebrow ? 'mt-1' : 'mt-6'} text-center text-2xl font-bold text-slate-900`}
        >
          {title}
        </h1>
        <div className="mt-8">{children}</div>
      </div>
    </main>
  )
}

/** A message in a coloured box: errors (red) or notices (green). */
export function FormMessage({
  tone,
  children,
  id,
}: {
  tone: 'error' | 'success'
  children: ReactNode
  id?: string
}) {
  const colours =
    tone === 'error'
      ? 'border-red-300 bg-red-50 text-red-800'
      : 'border-green-300 bg-green-50 text-green-900'
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-4 py-3 text-sm ${colours}`}
    >
      {children}
    </div>
  )
}
