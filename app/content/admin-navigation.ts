import type { NavLink } from './navigation'

/**
 * The admin sidebar (docs/product.md#admin-shell). A screen joins this list when it exists:
 * the sidebar never links to a screen that is not built (docs/product.md#route-table).
 */
export const adminSidebarLinks: NavLink[] = [
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Interpreter Manager', to: '/admin/interpreter-manager' },
  { label: 'Interpreters', to: '/admin/interpreters' },
  { label: 'Bookings', to: '/admin/bookings' },
  { label: 'Calls', to: '/admin/calls' },
  { label: 'Clients', to: '/admin/clients' },
  { label: 'Quotes', to: '/admin/quotes' },
  { label: 'Quality', to: '/admin/quality' },
  { label: 'Closeouts', to: '/admin/closeouts' },
  { label: 'Statements', to: '/admin/statements' },
  { label: 'Rates', to: '/admin/rates' },
  { label: 'Invoices', to: '/admin/invoices' },
  { label: 'Resources', to: '/admin/resources' },
  { label: 'Communications', to: '/admin/communications' },
  { label: 'Users', to: '/admin/users' },
  { label: 'Mail', to: '/admin/mail' },
]
