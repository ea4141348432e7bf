/**
 * The words of the contact and demo-request forms (app/components/lead-form.tsx): a copy tree
 * of the catalogues (app/i18n/sources.server.ts). Each page's own tree adds its button and
 * its confirmation (`LeadFormPageText`).
 */
export const leadFormText = {
  labels: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone (optional)',
    company: 'Company',
    message: 'Message',
  },
  sending: 'Sending...',
}

/** What a page says around the shared form: its button, and what replaces the form once sent. */
export interface LeadFormPageText {
  submit: string
  /** The message field's label, where the page asks for something other than a message. */
  messageLabel?: string
  confirmation: { heading: string; text: string }
}

/** Everything the form says, in the page's language, as its page's loader hands it over. */
export type LeadFormText = typeof leadFormText & Omit<LeadFormPageText, 'messageLabel'>
