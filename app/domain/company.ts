/** The company's identity, configured by environment (see .env.example). */
export interface CompanyIdentity {
  name: string
  phone: string
  email: string
  address: string
  /**
   * The site's public address (SITE_URL, no trailing slash): e-mails load the logo and
   * link home from it.
   */
  website: string
}
