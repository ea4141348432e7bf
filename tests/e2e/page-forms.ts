import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '../../app/lib/forms/form-protection.server'
import { pdfDocument } from '../support/document-fixtures'

/** A control of a form as the page renders it (without JavaScript). */
export interface PageField {
  name: string
  /** The input's type, or `select` and `textarea`. */
  type: string
  value: string
  checked: boolean
  required: boolean
  options: string[]
  min: string
  pattern: string
  inputMode: string
  /** The id of the input's list of suggestions (`<datalist>`), whose options are its choices. */
  list: string
}

/** One way to send a form: its fields and the named submit button pressed, if any. */
export interface PageForm {
  /** Path and query the form posts to. */
  action: string
  multipart: boolean
  fields: PageField[]
  submitter?: { name: string; value: string }
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

function decode(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
    return ENTITIES[name] ?? entity
  })
}

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>()
  for (const match of text.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g))
    attributes.set(match[1]!.toLowerCase(), decode(match[2] ?? match[3] ?? match[4] ?? ''))
  return attributes
}

interface ParsedForm {
  id: string
  action: string
  method: string
  multipart: boolean
  fields: PageField[]
  submitters: { name: string; value: string; action: string }[]
}

/**
 * The forms of a server-rendered page, read from its HTML the way a browser would submit
 * them (the pages are React's markup, so a tag reader is enough; opening each page in the
 * browser took ten times as long).
 */
function formsIn(html: string, pageUrl: string): ParsedForm[] {
  const forms: ParsedForm[] = []
  const byId = new Map<string, ParsedForm>()
  const outside: { formId: string; add: (form: ParsedForm) => void }[] = []
  let current: ParsedForm | undefined
  let select: PageField | undefined
  let datalist: string | undefined
  const lists = new Map<string, string[]>()
  const tag =
    /<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g
  const resolve = (action: string) => new URL(action || pageUrl, pageUrl).href
  const place = (attributes: Map<string, string>, add: (form: ParsedForm) => void) => {
    const formId = attributes.get('form')
    if (formId) outside.push({ formId, add })
    else if (current) add(current)
  }
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const closing = match[1] === '/'
    const name = match[2]!.toLowerCase()
    const attributes = attributesOf(match[3] ?? '')
    const rawTextEnd = (element: string) => {
      const end = html.indexOf(`</${element}`, tag.lastIndex)
      const text = html.slice(tag.lastIndex, end === -1 ? html.length : end)
      tag.lastIndex = end === -1 ? html.length : end
      return text
    }
    if (!closing && (name === 'script' || name === 'style')) rawTextEnd(name)
    else if (name === 'form') {
      if (closing) current = undefined
      else {
        current = {
          id: attributes.get('id') ?? '',
          action: resolve(attributes.get('action') ?? ''),
          method: (attributes.get('method') ?? 'get').toLowerCase(),
          multipart: attributes.get('enctype') === 'multipart/form-data',
          fields: [],
          submitters: [],
        }
        forms.push(current)
        if (current.id) byId.set(current.id, current)
      }
    } else if (closing) {
      if (name === 'select') select = undefined
      if (name === 'datalist') datalist = undefined
    } else if (attributes.has('disabled')) continue
    else if (
      name === 'button' ||
      (name === 'input' && ['submit', 'image'].includes(attributes.get('type') ?? ''))
    ) {
      const type = attributes.get('type') ?? 'submit'
      const fieldName = attributes.get('name')
      if (type !== 'submit' && type !== 'image') continue
      place(attributes, (form) => {
        if (fieldName)
          form.submitters.push({
            name: fieldName,
            value: attributes.get('value') ?? '',
            action: attributes.has('formaction')
              ? resolve(attributes.get('formaction')!)
              : form.action,
          })
      })
    } else if (name === 'input' || name === 'select' || name === 'textarea') {
      const field: PageField = {
        name: attributes.get('name') ?? '',
        type: name === 'input' ? (attributes.get('type') ?? 'text').toLowerCase() : name,
        value:
          name === 'textarea'
            ? decode(rawTextEnd('textarea')).replace(/^\n/, '')
            : (attributes.get('value') ?? ''),
        checked: attributes.has('checked'),
        required: attributes.has('required'),
        options: [],
        min: attributes.get('min') ?? '',
        pattern: attributes.get('pattern') ?? '',
        inputMode: attributes.get('inputmode') ?? '',
        list: attributes.get('list') ?? '',
      }
      if (name === 'select') select = field
      if (field.name && !['button', 'reset'].includes(field.type))
        place(attributes, (form) => form.fields.push(field))
    } else if (name === 'datalist') {
      datalist = attributes.get('id') ?? ''
      lists.set(datalist, [])
    } else if (name === 'option' && (select || datalist)) {
      const text = rawTextEnd('option')
      const value = attributes.get('value') ?? decode(text).trim()
      if (!select) lists.get(datalist!)!.push(value)
      else {
        select.options.push(value)
        if (attributes.has('selected') || select.options.length === 1) select.value = value
      }
    }
  }
  for (const { formId, add } of outside) {
    const form = byId.get(formId)
    if (form) add(form)
  }
  for (const form of forms)
    for (const field of form.fields) if (field.list) field.options = lists.get(field.list) ?? []
  return forms
}

/**
 * Every `<form method="post">` of the page with its enabled, named controls (hidden ones
 * and those of dialogs included), once for each named submit button, since the button's
 * value (an intent) chooses what the action does.
 */
export function postFormsIn(html: string, pageUrl: string): PageForm[] {
  const pathOf = (url: string) => {
    const { pathname, search } = new URL(url)
    return pathname + search
  }
  return formsIn(html, pageUrl)
    .filter((form) => form.method === 'post')
    .flatMap(({ action, multipart, fields, submitters }) => {
      if (submitters.length === 0) return [{ action: pathOf(action), multipart, fields }]
      const seen = new Set<string>()
      return submitters.flatMap((submitter) => {
        const key = `${submitter.name}=${submitter.value}@${submitter.action}`
        if (seen.has(key)) return []
        seen.add(key)
        return [
          {
            action: pathOf(submitter.action),
            multipart,
            fields,
            submitter: { name: submitter.name, value: submitter.value },
          },
        ]
      })
    })
}

/**
 * What a control is for, which decides what a crafted submission puts in it:
 * - `selector`: the hidden intent and the pressed button, which choose the action's branch;
 * - `token` and `honeypot`: the form's one-time token and the field people never fill;
 * - `text`: free text a person types;
 * - `file`: a file input;
 * - `other`: everything with a format or a fixed set of values (hidden ids, e-mail, phone,
 *   dates, numbers, amounts, choices).
 */
export type FieldRole = 'selector' | 'token' | 'honeypot' | 'text' | 'file' | 'other'

export function roleOf(field: PageField): FieldRole {
  if (field.name === FORM_TOKEN_FIELD) return 'token'
  if (field.name === HONEYPOT_FIELD) return 'honeypot'
  if (field.type === 'file') return 'file'
  if (field.type === 'hidden') return field.name === 'intent' ? 'selector' : 'other'
  const formatted =
    field.pattern !== '' || field.list !== '' || ['decimal', 'numeric'].includes(field.inputMode)
  if (['text', 'search', 'textarea', 'password'].includes(field.type) && !formatted) return 'text'
  return 'other'
}

/** A calendar date `days` from now (UTC), as date inputs take it. */
function dateInDays(days: number) {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** A value the form accepts for a field, from what the page put in it or a plain guess. */
export function validValue(field: PageField, unique: string): string {
  if (field.type === 'select' || field.list) return field.value || field.options.find(Boolean) || ''
  if (field.value && !['email', 'checkbox', 'radio'].includes(field.type)) return field.value
  switch (field.type) {
    case 'email':
      return `${unique}@example.org`
    case 'tel':
      return '+1 512 555 0147'
    case 'url':
      return 'https://example.org/crafted'
    case 'number':
    case 'range':
      return field.min || '60'
    case 'date':
      return field.min > dateInDays(7) ? field.min : dateInDays(7)
    case 'time':
      return '10:00'
    case 'datetime-local':
      return `${dateInDays(7)}T10:00`
    case 'month':
      return dateInDays(0).slice(0, 7)
    case 'checkbox':
    case 'radio':
      return field.value || 'on'
    case 'password':
      return 'a long crafted password'
  }
  if (field.inputMode === 'decimal') return '12.5'
  if (field.inputMode === 'numeric') return '1'
  // Short enough for a postal code, reads as a name or a note, and is an address for the
  // fields that want one.
  return `${unique}@ex.org`
}

/** A tiny valid file for a file input: every upload form here takes PDF. */
export function tinyFile(): File {
  return new File([new Uint8Array(pdfDocument('Crafted input'))], 'crafted.pdf', {
    type: 'application/pdf',
  })
}
