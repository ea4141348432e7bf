import { createIcon } from './create-icon'

export const ChevronDownIcon = /* #__PURE__ */ createIcon([['path', { d: 'm6 9 6 6 6-6' }]])
