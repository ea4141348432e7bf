import { createContext, useContext, type ReactNode } from 'react'
import type { ContentIconName } from './content-icons'
import { iconSvgProps, type IconProps } from './create-icon'

type IconMarkup = Partial<Record<ContentIconName, string>>

const ContentIconMarkup = createContext<IconMarkup>({})

/** Provides the icon markup a page's loader sent (`contentIconMarkup`). */
export function ContentIcons({ markup, children }: { markup: IconMarkup; children: ReactNode }) {
  return <ContentIconMarkup.Provider value={markup}>{children}</ContentIconMarkup.Provider>
}

/**
 * An icon the content names. Its path data comes with the page's data, not its JavaScript;
 * the markup is our own, built from lucide's path data on the server, never user input.
 */
export function ContentIcon({ name, ...props }: IconProps & { name: ContentIconName }) {
  const markup = useContext(ContentIconMarkup)[name] ?? ''
  return <svg {...iconSvgProps} {...props} dangerouslySetInnerHTML={{ __html: markup }} />
}
