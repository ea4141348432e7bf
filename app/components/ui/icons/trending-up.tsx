import { createIcon } from './create-icon'

export const TrendingUpIcon = /* #__PURE__ */ createIcon([
  ['path', { d: 'M16 7h6v6' }],
  ['path', { d: 'm22 7-8.5 8.5-5-5L2 17' }],
])
