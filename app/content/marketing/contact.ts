import type { LeadFormPageText } from '../lead-form'
import { claims } from './claims'

/**
 * The contact form's own words, beside those it shares with the demo form
 * (app/content/lead-form.ts).
 */
const contactForm: LeadFormPageText = {
  submit: 'Send Message',
  confirmation: {
    heading: 'Thank you, your message has been sent.',
    text: `We have e-mailed you a confirmation and will respond within ${claims.responseTime.contactPage}.`,
  },
}

/**
 * Everything the Contact page says (docs/product.md#other-public-pages), in one copy tree
 * (app/i18n/sources.server.ts): its loader hands it to the page in the page's language and
 * fills in `{phone}`, the company's number.
 */
export const contactPage = {
  seo: {
    title: 'Contact Us',
    description:
      'Contact our language services team: email with a 1-hour response, phone support 24/7, nationwide remote and on-site interpreting.',
    keywords: ['contact interpreting services', 'translation quote', '24/7 interpreter'],
  },
  crumb: 'Contact Us',
  hero: {
    heading: 'Contact Us',
    text: 'Tell us what you need and a language services specialist will get back to you.',
    call: 'Call {phone}',
  },
  getInTouch: {
    heading: 'Get in touch',
    email: { label: 'Email', note: `Response within ${claims.responseTime.contactPage}` },
    phone: { label: 'Phone', note: `Available ${claims.availability}` },
    chat: { label: 'Live chat', link: 'Message our team' },
  },
  serviceArea: {
    heading: 'Service area',
    text: 'Nationwide: remote and on-site interpreting.',
  },
  hours: {
    heading: 'Business hours',
    weekdays: 'Monday to Friday: 8:00 AM to 8:00 PM EST',
    emergencies: `Emergencies: ${claims.availability}`,
  },
  formSection: {
    heading: 'Send us a message',
    required: 'Fields marked * are required.',
  },
  form: contactForm,
}
