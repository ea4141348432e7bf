import { createIcon } from './create-icon'

export const LandmarkIcon = /* #__PURE__ */ createIcon([
  ['path', { d: 'M10 18v-7' }],
  [
    'path',
    { d: 'M11.119 2.205a2 2 0 0 1 1.762 0l7.84 3.846A.5.5 0 0 1 20.5 7h-17a.5.5 0 0 1-.22-.949z' },
  ],
  ['path', { d: 'M14 18v-7' }],
  ['path', { d: 'M18 18v-7' }],
  ['path', { d: 'M3 22h18' }],
  ['path', { d: 'M6 18v-7' }],
])
