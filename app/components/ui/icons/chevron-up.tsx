import { createIcon } from './create-icon'

export const ChevronUpIcon = /* #__PURE__ */ createIcon([['path', { d: 'm18 15-6-6-6 6' }]])
