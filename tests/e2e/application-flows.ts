import type { Locator } from '@playwright/test'
import {
  fillFullForm,
  fillJobPostingForm,
  type FullAnswers,
  type JobPostingAnswers,
} from './recruiting-helpers'

/** How a test names a field: its label text, or a pattern where the text alone is ambiguous. */
export type FieldLabel = string | RegExp

const REQUIRED = 'This field is required.'
const CHOOSE_FILE = 'Please choose a file.'
const SELECT_OPTION = 'Please select an option.'
const RESUME = /Resume\/CV/

/**
 * One of the three ways to apply as an interpreter (a job posting, the apply page, a language
 * page): where its form is, how to fill it, and what it must keep or report when refused.
 * All three post to the same action and show the same confirmation once stored.
 */
export interface ApplicationFlow {
  name: string
  url: string
  /** Fills every required answer, and a few optional ones, applying as `email`. */
  fill: (form: Locator, email: string) => Promise<void>
  /** Answers `fill` gave that the form must show again after the server refused it. */
  keptValues: [FieldLabel, string][]
  /** Boxes `fill` ticked that must still be ticked after a refusal. */
  keptTicks: FieldLabel[]
  /** Submitting with only `typed` filled in: the error next to each field, and fields left alone. */
  missing: {
    typed: [FieldLabel, string][]
    errors: [FieldLabel, string][]
    untouched: FieldLabel[]
  }
  /** A complete form as the browser sends it, applying as `email`, for posting directly. */
  postedFields: (email: string) => Record<string, string>
}

export const jobPostingAnswers = (email: string): JobPostingAnswers => ({
  firstName: 'Eleni',
  lastName: 'Papadopoulou',
  email,
  phone: '+1 312 555 0110',
  nativeLanguage: 'Greek',
  interpretingExperience: '4-5 years',
  expectedPayPerMinute: '$1.00 - $1.50',
  additionalInfo: 'Court interpreter in Athens for six years.',
})

export const jobPosting: ApplicationFlow = {
  name: 'job posting',
  url: '/jobs/greek-english-remote-interpreter',
  fill: (form, email) => fillJobPostingForm(form, jobPostingAnswers(email)),
  keptValues: [
    ['Last Name', 'Papadopoulou'],
    ['Native Language', 'Greek'],
    ['Interpreting Experience', '4-5'],
    ['Additional Information', 'Court interpreter in Athens for six years.'],
  ],
  keptTicks: [],
  missing: {
    typed: [['First Name', 'Nikos']],
    errors: [
      ['Last Name', REQUIRED],
      ['Email Address', REQUIRED],
      ['Phone Number', REQUIRED],
      ['Native Language', REQUIRED],
      [RESUME, CHOOSE_FILE],
      ['Interpreting Experience', SELECT_OPTION],
      ['Expected Pay Per Minute', SELECT_OPTION],
    ],
    untouched: ['Additional Information'],
  },
  postedFields: (email) => ({
    firstName: 'Dimitra',
    lastName: 'Kosta',
    email,
    phone: '+1 312 555 0111',
    nativeLanguage: 'Greek',
    interpretingExperience: '6+',
    expectedPayPerMinute: 'negotiable',
    privacyConsent: 'on',
  }),
}

export const applyPageAnswers = (email: string): FullAnswers => ({
  firstName: 'Carlos',
  lastName: 'Mendoza',
  email,
  phone: '(512) 555-0123',
  address: '1200 Barton Springs Rd',
  city: 'Austin',
  state: 'TX',
  zipCode: '78704',
  englishLevel: 'Fluent',
  fluentLanguages: 'Spanish, Portuguese',
  interpretingExperience: '3-5 years',
  medicalExperience: '1-3 years',
  availability: '20-30 hours',
  pay: '$0.75 - $1.00',
  specializations: ['Medical (HIPAA compliant)', 'Legal (court certified)'],
  additionalInfo: 'Certified by CCHI in 2022.',
})

export const applyPage: ApplicationFlow = {
  name: 'apply page',
  url: '/apply/greek-english-remote-interpreter',
  fill: (form, email) => fillFullForm(form, applyPageAnswers(email)),
  keptValues: [
    [/^Address$/, '1200 Barton Springs Rd'],
    ['Weekly Legal Availability', '20-30'],
    ['Additional Information', 'Certified by CCHI in 2022.'],
  ],
  keptTicks: [/I have read the privacy notice/, 'Medical (HIPAA compliant)'],
  missing: {
    typed: [
      ['First Name', 'Carlos'],
      ['City', 'Austin'],
    ],
    errors: [
      ['Last Name', REQUIRED],
      ['Email Address', REQUIRED],
      ['Phone Number', REQUIRED],
      ['State/Province', REQUIRED],
      [/^Address$/, REQUIRED],
      [RESUME, CHOOSE_FILE],
      ['Level of Spoken English', SELECT_OPTION],
      ['Interpreting Experience', SELECT_OPTION],
      ['Medical Experience', SELECT_OPTION],
      ['Weekly Legal Availability', SELECT_OPTION],
      ['Expected Pay Per Minute (USD)', SELECT_OPTION],
    ],
    untouched: ['Postal Code'],
  },
  postedFields: (email) => ({
    firstName: 'Lucia',
    lastName: 'Ferreira',
    email,
    phone: '+1 512 555 0124',
    address: '1 Congress Ave',
    city: 'Austin',
    state: 'TX',
    nativeLanguage: 'native',
    interpretingExperience: '5+',
    medicalExperience: '3-5',
    legalAvailability: '30+',
    expectedPayPerMinute: '2.00+',
    privacyConsent: 'on',
  }),
}

export const languagePageAnswers = (email: string): FullAnswers => ({
  firstName: 'Ji-woo',
  lastName: 'Kim',
  email,
  phone: '+1 213 555 0188',
  address: '3200 Wilshire Blvd',
  city: 'Los Angeles',
  state: 'CA',
  englishLevel: 'Native',
  interpretingExperience: '1-3 years',
  medicalExperience: '0-1 years',
  availability: '10-20 hours',
  pay: '$1.00 - $1.25',
})

export const languagePage: ApplicationFlow = {
  name: 'language page',
  url: '/application?language=korean-interpreter',
  fill: (form, email) => fillFullForm(form, languagePageAnswers(email)),
  keptValues: [['Last Name', 'Kim']],
  keptTicks: [],
  missing: {
    typed: [['Email Address', 'jiwoo@example.org']],
    errors: [
      ['First Name', REQUIRED],
      [RESUME, CHOOSE_FILE],
      [/I have read the privacy notice/, 'Please tick this box to continue.'],
    ],
    untouched: [],
  },
  postedFields: (email) => ({
    firstName: 'Seo-yeon',
    lastName: 'Lee',
    email,
    phone: '+1 213 555 0189',
    address: '1 Main St',
    city: 'Los Angeles',
    state: 'CA',
    nativeLanguage: 'fluent',
    interpretingExperience: '1-3',
    medicalExperience: '0-1',
    legalAvailability: '1-10',
    expectedPayPerMinute: '0.50-0.75',
    privacyConsent: 'on',
  }),
}

export const applicationFlows = [jobPosting, applyPage, languagePage]
