import { ChevronDownIcon } from '~/components/ui/icons/chevron-down'
import { MailIcon } from '~/components/ui/icons/mail'
import { MapPinIcon } from '~/components/ui/icons/map-pin'
import { PhoneIcon } from '~/components/ui/icons/phone'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { PublicShellData } from '~/routes/public/+shared/public-shell.server'
import { telHref, type CompanyIdentity } from '~/lib/company'
import { LanguageLinks } from './language-links'
import { Logo } from './logo'

export function Footer({
  company,
  shell,
}: {
  company: CompanyIdentity
  /** The link columns and words in the page's language, from the public layout's loader. */
  shell: PublicShellData
}) {
  const { text } = shell
  return (
    <footer className="bg-slate-900 text-slate-200">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex items-center gap-3">
          <Logo size="footer" alt="" />
          <p className="text-lg font-semibold text-white">{company.name}</p>
        </div>
        <div className="mt-8 grid gap-2 md:grid-cols-3 md:gap-8 lg:grid-cols-6">
          <FooterColumn heading={text.contact}>
            <li className="flex items-start gap-2">
              <PhoneIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={telHref(company.phone)} className="hover:text-white hover:underline">
                {company.phone}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MailIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a
                href={`mailto:${company.email}`}
                className="break-all hover:text-white hover:underline"
              >
                {company.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{company.address}</span>
            </li>
          </FooterColumn>
          {shell.navigation.footerColumns.map((column) => (
            <FooterColumn key={column.heading} heading={column.heading}>
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </FooterColumn>
          ))}
        </div>
        <div className="mt-10 flex flex-wrap justify-between gap-4 border-t border-slate-700 pt-6 text-sm text-slate-300">
          <p>{text.copyright}</p>
          <LanguageLinks links={shell.languages} className="hover:text-white hover:underline" />
        </div>
      </div>
    </footer>
  )
}

/** Collapsible on small screens, always open from the md breakpoint (see app.css). */
function FooterColumn({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <details className="footer-column group border-b border-slate-700 py-2 md:border-0">
      <summary className="flex list-none items-center justify-between py-2 font-semibold text-white md:pointer-events-none [&::-webkit-details-marker]:hidden">
        <h2 className="text-base">{heading}</h2>
        <ChevronDownIcon
          aria-hidden="true"
          className="size-4 transition-transform group-open:rotate-180 md:hidden"
        />
      </summary>
      <ul className="mt-2 space-y-2 text-sm">{children}</ul>
    </details>
  )
}
