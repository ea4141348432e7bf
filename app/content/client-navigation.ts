import type { NavLink } from './navigation'

/**
 * The client portal's sidebar (docs/product.md#client-portal). A screen joins this list when
 * it is built; `managersOnly` entries show to the organization's managers alone.
 */
export const clientSidebarLinks: (NavLink & { managersOnly?: boolean })[] = [
  { label: 'Dashboard', to: '/client/dashboard' },
  { label: 'Connect now', to: '/client/connect' },
  { label: 'Book an interpreter', to: '/client/book' },
  { label: 'Bookings', to: '/client/bookings' },
  { label: 'Translation quotes', to: '/client/quotes' },
  { label: 'Invoices', to: '/client/invoices', managersOnly: true },
  { label: 'Users', to: '/client/users', managersOnly: true },
  { label: 'Settings', to: '/client/settings', managersOnly: true },
]
