import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { placeholders } from './catalogue-check.server'
import {
  formatMessage,
  parseCatalogue,
  textsOf,
  translateTree,
  translateValidation,
  validationTemplate,
} from './catalogue.server'
import { schemaMessages } from './schema-messages.server'

const po = (entries: string) => `msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\\n"

${entries}`

const catalogue = parseCatalogue(
  po(`msgctxt "page.heading"
msgid "Current Openings"
msgstr "Vacantes actuales"

msgctxt "page.links.0.label"
msgid "Careers"
msgstr "Empleos"

#, fuzzy
msgctxt "page.text"
msgid "Old English"
msgstr "Texto viejo"

msgctxt "page.empty"
msgid "Not yet"
msgstr ""

msgctxt "validation"
msgid "Please use at most {0} characters."
msgstr "Use como máximo {0} caracteres."
`),
)

describe('a copy tree in another language', () => {
  const tree = {
    heading: 'Current Openings',
    text: 'Changed English',
    empty: 'Not yet',
    links: [
      { label: 'Careers', to: '/careers' },
      { label: 'Careers', to: '/unsubscribe' },
    ],
    slug: 'general-interpreter',
    price: '$0.50 - $1.00',
  }

  it('takes each translation by key and English, and keeps the English where there is none', () => {
    const spanish = translateTree(catalogue, 'es', 'page', tree)
    expect(spanish.heading).toBe('Vacantes actuales')
    expect(spanish.links[0]!.label).toBe('Empleos')
    // Another key, a fuzzy entry, an empty one: the English stays.
    expect(spanish.links[1]!.label).toBe('Careers')
    expect(spanish.text).toBe('Changed English')
    expect(spanish.empty).toBe('Not yet')
  })

  it('moves links to translated pages into the language, and leaves values and other links alone', () => {
    const spanish = translateTree(catalogue, 'es', 'page', tree)
    expect(spanish.links[0]!.to).toBe('/es/careers')
    expect(spanish.links[1]!.to).toBe('/unsubscribe')
    expect(spanish.slug).toBe('general-interpreter')
  })

  it('lists only the texts a reader reads, with their keys', () => {
    expect(textsOf('page', tree).map((text) => text.key)).toEqual([
      'page.heading',
      'page.text',
      'page.empty',
      'page.links.0.label',
      'page.links.1.label',
    ])
  })
})

describe('schema messages', () => {
  it('are translated with their numbers as placeholders', () => {
    expect(validationTemplate('Please use at most 100 characters.')).toBe(
      'Please use at most {0} characters.',
    )
    expect(translateValidation(catalogue, 'Please use at most 254 characters.')).toBe(
      'Use como máximo 254 caracteres.',
    )
    expect(translateValidation(catalogue, 'Please enter your city.')).toBe(
      'Please enter your city.',
    )
  })

  it('are all found in a schema, in its types, checks and nested fields', () => {
    const schema = z.object({
      name: z.string({ error: 'Enter a name.' }).trim().min(1, 'Enter a name.').max(9, 'Too long.'),
      email: z.string().pipe(z.email('Not an e-mail.')),
      rows: z.array(z.object({ day: z.enum(['a', 'b'], { error: 'Pick a day.' }) })).optional(),
      consent: z.literal('on', { error: 'Tick it.' }),
    })
    expect(schemaMessages(schema).sort()).toEqual(
      ['Enter a name.', 'Not an e-mail.', 'Pick a day.', 'Tick it.', 'Too long.'].sort(),
    )
  })
})

describe('messages with variables', () => {
  it('are filled in for the language, plurals included', () => {
    const message = '{count, plural, one {# campo} other {# campos}} en {company}'
    expect(formatMessage('es', message, { count: 1, company: 'Acme' })).toBe('1 campo en Acme')
    expect(formatMessage('es', message, { count: 3, company: 'Acme' })).toBe('3 campos en Acme')
  })

  it('name their variables and tags, so that a translation can be checked against its English', () => {
    expect(placeholders('Thank you for the <b>{position}</b> position with {company}.')).toEqual([
      'b',
      'company',
      'position',
    ])
    expect(placeholders('{n, plural, one {# a} few {# b} other {# c}}')).toEqual(['n', 'n:few'])
  })
})
