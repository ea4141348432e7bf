import { ChevronDownIcon } from '~/components/ui/icons/chevron-down'
import { MenuIcon } from '~/components/ui/icons/menu'
import { XIcon } from '~/components/ui/icons/x'
import { useEffect, useRef } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import type { MegaMenuGroup, NavLink as NavigationLink } from '~/content/navigation'
import type { PublicShellData } from '~/routes/public/+shared/public-shell.server'
import { telHref } from '~/lib/company'
import { LanguageLinks } from './language-links'
import { Logo } from './logo'
import { useDismissDetails } from './use-dismiss'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-slate-700'
  }`

const disclosureSummaryClass =
  'flex list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 [&::-webkit-details-marker]:hidden'

export function Header({
  companyName,
  phone,
  shell,
}: {
  companyName: string
  phone: string
  /** The link lists and words in the page's language, from the public layout's loader. */
  shell: PublicShellData
}) {
  const { text, languages } = shell
  const { primaryLinks, portalLinks, servicesMegaMenu, requestLink } = shell.navigation
  const location = useLocation()
  const headerRef = useRef<HTMLElement>(null)

  // A navigation closes every open menu: the effect's clean-up runs when the location
  // changes. Hydration does not, so a menu opened while the page's scripts were still
  // loading stays open.
  useEffect(
    () => () =>
      headerRef.current
        ?.querySelectorAll('details[open]')
        .forEach((details) => ((details as HTMLDetailsElement).open = false)),
    [location.key],
  )

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
        <Link
          to={primaryLinks.home.to}
          className="flex items-center gap-3"
          aria-label={text.homeLink}
        >
          <Logo size="header" alt="" />
          {/* Between the phone menu and the widest bar the logo alone makes room for the menus. */}
          <span className="text-base font-bold text-brand-900 sm:text-lg lg:max-xl:sr-only">
            {companyName}
          </span>
        </Link>
        <nav aria-label={text.mainNavigation} className="hidden items-center gap-1 lg:flex">
          <NavLink to={primaryLinks.home.to} end className={navLinkClass}>
            {primaryLinks.home.label}
          </NavLink>
          <ServicesMegaMenu label={text.services} groups={servicesMegaMenu} />
          <NavLink to={primaryLinks.about.to} className={navLinkClass}>
            {primaryLinks.about.label}
          </NavLink>
          <NavLink to={primaryLinks.careers.to} className={navLinkClass}>
            {primaryLinks.careers.label}
          </NavLink>
          <NavLink to={primaryLinks.contact.to} className={navLinkClass}>
            {primaryLinks.contact.label}
          </NavLink>
          <PortalMenu label={text.portal} links={portalLinks} />
        </nav>
        <div className="hidden items-center gap-1 lg:flex">
          <LanguageLinks links={languages} className={navLinkClass({ isActive: false })} />
          <a
            href={telHref(phone)}
            className={`${navLinkClass({ isActive: false })} hidden whitespace-nowrap xl:block`}
          >
            {phone}
          </a>
          <Link to={requestLink.to} className="btn-secondary whitespace-nowrap">
            {requestLink.label}
          </Link>
        </div>
        <MobileMenu shell={shell} phone={phone} />
      </div>
    </header>
  )
}

function ServicesMegaMenu({ label, groups }: { label: string; groups: MegaMenuGroup[] }) {
  const ref = useRef<HTMLDetailsElement>(null)
  useDismissDetails(ref)
  return (
    <details ref={ref} className="group relative">
      <summary className={disclosureSummaryClass}>
        {label}
        <ChevronDownIcon
          aria-hidden="true"
          className="size-4 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="absolute left-1/2 mt-2 grid w-[42rem] -translate-x-1/2 grid-cols-3 gap-6 rounded-lg border border-slate-200 bg-white p-6 shadow-xl">
        {groups.map((group) => (
          <div key={group.heading}>
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {group.heading}
            </p>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.label}>
                  <Link
                    to={link.to}
                    className="text-sm text-slate-800 hover:text-brand-700 hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </details>
  )
}

function PortalMenu({ label, links }: { label: string; links: NavigationLink[] }) {
  const ref = useRef<HTMLDetailsElement>(null)
  useDismissDetails(ref)
  return (
    <details ref={ref} className="group relative ml-2">
      <summary className="btn-primary list-none [&::-webkit-details-marker]:hidden">
        {label}
        <ChevronDownIcon
          aria-hidden="true"
          className="size-4 transition-transform group-open:rotate-180"
        />
      </summary>
      <ul className="absolute right-0 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-2 shadow-xl">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block px-4 py-2 text-sm text-slate-800 hover:bg-brand-50">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  )
}

function MobileMenu({ shell, phone }: { shell: PublicShellData; phone: string }) {
  const { text, languages } = shell
  const { primaryLinks, portalLinks, servicesMegaMenu, requestLink } = shell.navigation
  const ref = useRef<HTMLDetailsElement>(null)
  useDismissDetails(ref)
  return (
    <details ref={ref} className="group lg:hidden">
      <summary className="flex list-none items-center rounded-md p-2 text-slate-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
        <MenuIcon aria-hidden="true" className="size-6 group-open:hidden" />
        <XIcon aria-hidden="true" className="hidden size-6 group-open:block" />
        <span className="sr-only">{text.menu}</span>
      </summary>
      <nav
        aria-label={text.mobileNavigation}
        className="absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 shadow-lg"
      >
        <ul className="space-y-1 pt-2">
          <li>
            <MobileLink to={primaryLinks.home.to} label={primaryLinks.home.label} />
          </li>
          {servicesMegaMenu.map((group) => (
            <li key={group.heading}>
              <p className="px-3 pt-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {group.heading}
              </p>
              <ul>
                {group.links.map((link) => (
                  <li key={link.label}>
                    <MobileLink to={link.to} label={link.label} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
          {[
            primaryLinks.about,
            primaryLinks.careers,
            primaryLinks.contact,
            ...portalLinks,
            requestLink,
          ].map((link) => (
            <li key={link.label}>
              <MobileLink to={link.to} label={link.label} />
            </li>
          ))}
          <li>
            <MobileLink to={telHref(phone)} label={text.call} />
          </li>
          {languages.length ? (
            <li>
              <LanguageLinks
                links={languages}
                className="block rounded-md px-3 py-2 text-base text-slate-800 hover:bg-brand-50"
              />
            </li>
          ) : null}
        </ul>
      </nav>
    </details>
  )
}

function MobileLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="block rounded-md px-3 py-2 text-base text-slate-800 hover:bg-brand-50">
      {label}
    </Link>
  )
}
