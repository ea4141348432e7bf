// Icons drawn from lucide (ISC licence, https://lucide.dev) path data, inline so that no icon
// library loads on the public pages (docs/decisions/011-public-page-javascript-budget.md).
// Add an icon by copying its nodes from lucide's icon data into a module of its own.
import type { SVGProps } from 'react'

export type IconNode = readonly (readonly [string, Readonly<Record<string, string>>])[]

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>
export type IconComponent = ((props: IconProps) => React.JSX.Element) & { nodes: IconNode }

/** The attributes every icon's <svg> has (lucide's defaults). */
export const iconSvgProps = {
  xmlns: 'http://www.w3.org/2000/svg',
  width: '24',
  height: '24',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: 'false',
} as const

export function createIcon(nodes: IconNode): IconComponent {
  function Icon(props: IconProps) {
    return (
      <svg {...iconSvgProps} {...props}>
        {nodes.map(([Tag, attrs], index) => {
          const Element = Tag as 'path'
          return <Element key={index} {...attrs} />
        })}
      </svg>
    )
  }
  return Object.assign(Icon, { nodes })
}
