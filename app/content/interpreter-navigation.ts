import type { NavLink } from './navigation'

/**
 * The interpreter portal's sidebar (docs/product.md#interpreter-portal). A screen joins this
 * list when it is built; the sidebar never links to a screen that does not exist yet.
 */
export const interpreterSidebarLinks: NavLink[] = [
  { label: 'Dashboard', to: '/interpreter/dashboard' },
  { label: 'Onboarding', to: '/interpreter/onboarding' },
  { label: 'Assignments', to: '/interpreter/assignments' },
  { label: 'Calls', to: '/interpreter/calls' },
  { label: 'Resources', to: '/interpreter/resources' },
  { label: 'Payouts', to: '/interpreter/payouts' },
  { label: 'Profile', to: '/interpreter/profile' },
]
