import type { NavLink } from './navigation'

/**
 * The admin sidebar (spec section 2). A screen joins this list when it exists: no dead
 * links (issue 6).
 */
export const adminSidebarLinks: NavLink[] = [
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Interpreter Manager', to: '/admin/interpreter-manager' },
  { label: 'Interpreters', to: '/admin/interpreters' },
  { label: 'Clients', to: '/admin/clients' },
  { label: 'Resources', to: '/admin/resources' },
  { label: 'Communications', to: '/admin/communications' },
  { label: 'Users', to: '/admin/users' },
  { label: 'Mail', to: '/admin/mail' },
]
