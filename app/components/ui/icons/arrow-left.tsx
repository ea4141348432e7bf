import { createIcon } from './create-icon'

export const ArrowLeftIcon = /* #__PURE__ */ createIcon([
  ['path', { d: 'm12 19-7-7 7-7' }],
  ['path', { d: 'M19 12H5' }],
])
