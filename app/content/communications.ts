import type { RecipientGroup } from '../domain/communications'

/** Merge fields a subject or message may contain, replaced per recipient. */
export const mergeFields = [
  { field: '{{firstName}}', description: "the recipient's first name" },
  { field: '{{fullName}}', description: "the recipient's full name" },
] as const

export interface MessageTemplate {
  key: 'welcome' | 'training-update' | 'client-follow-up'
  name: string
  /** The group it was written for: choosing the template selects it. */
  group: RecipientGroup
  subject: string
  message: string
}

/** The quick templates of the compose tab (docs/product.md#communications). */
export const messageTemplates: readonly MessageTemplate[] = [
  {
    key: 'welcome',
    name: 'Welcome Message',
    // Onboarding starts once an application is approved.
    group: 'active-interpreters',
    subject: 'Welcome to our interpreter network, {{firstName}}!',
    message: [
      'Hello {{firstName}},',
      'Welcome to our team of professional interpreters! We are glad to have you with us.',
      'Over the next days our onboarding team will guide you through the agreement, the background check, the language proficiency test, the medical terminology assessment, the orientation and a system test call.',
      'If you have any questions, simply reply to this e-mail.',
      'Best regards,\nThe Language Services Team',
    ].join('\n\n'),
  },
  {
    key: 'training-update',
    name: 'Training Update',
    // The resource library and assignments are for approved interpreters.
    group: 'active-interpreters',
    subject: 'Training update: new materials available',
    message: [
      'Hello {{firstName}},',
      'We have added new training materials to the resource library, including updated medical terminology guides and best practices for video remote interpreting.',
      'Please review them before your next assignment. Keeping your skills current helps us keep our 99% accuracy rate.',
      'Thank you for your dedication,\nThe Language Services Team',
    ].join('\n\n'),
  },
  {
    key: 'client-follow-up',
    name: 'Client Follow-up',
    // It answers a contact or demo request: for the people who sent the form.
    group: 'prospects',
    subject: 'Following up on your language services request',
    message: [
      'Hello {{firstName}},',
      'Thank you for your interest in our language services. We have received your request and a member of our team will reply within 2 hours.',
      'In the meantime, feel free to reply to this e-mail with any details about the languages, dates or type of interpreting you need.',
      'Best regards,\nThe Language Services Team',
    ].join('\n\n'),
  },
]

/** Replaces the merge fields with the recipient's values; unknown fields stay as written. */
export function applyMergeFields(text: string, recipient: { name: string }): string {
  const fullName = recipient.name.trim()
  const firstName = fullName.split(/\s+/)[0] || 'there'
  return text.replace(/\{\{\s*(firstName|fullName)\s*\}\}/g, (_match, field: string) =>
    field === 'firstName' ? firstName : fullName || 'there',
  )
}
