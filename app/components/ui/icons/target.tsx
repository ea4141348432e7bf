import { createIcon } from './create-icon'

export const TargetIcon = /* #__PURE__ */ createIcon([
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['circle', { cx: '12', cy: '12', r: '6' }],
  ['circle', { cx: '12', cy: '12', r: '2' }],
])
