import { createIcon } from './create-icon'

export const ArrowRightIcon = /* #__PURE__ */ createIcon([
  ['path', { d: 'M5 12h14' }],
  ['path', { d: 'm12 5 7 7-7 7' }],
])
