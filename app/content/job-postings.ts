import type { JobPostingStatus } from '../../db/schema/job-postings'

/**
 * The built-in remote interpreter postings (docs/product.md#entities): each of the 33
 * languages paired with English. They are seeded into the `job_postings` table at start-up (see
 * docs/decisions/021-job-seeding.md); a copy change here reaches the database on the next
 * start, while status and dates, once seeded, are managed in the database.
 */
export interface JobPostingContent {
  id: string
  title: string
  type: 'Remote'
  nativeLanguage: string
  fluentLanguage: 'English'
  description: string
  requirements: string[]
  responsibilities: string[]
  benefits: string[]
  status: JobPostingStatus
  /** YYYY-MM-DD */
  postedOn: string
  /** ISO date-time; leave unset for an open-ended posting. */
  closesAt?: string
}

interface JobLanguage {
  /** As docs/product.md#entities names it, for example `Chinese (Mandarin)`. */
  name: string
  /** Who the interpreter serves: one specific sentence per language. */
  community: string
}

const jobLanguages: JobLanguage[] = [
  {
    name: 'Greek',
    community:
      'Greek-speaking patients and families, from Astoria to Chicago, call on us for medical appointments, insurance claims and estate matters.',
  },
  {
    name: 'Spanish',
    community:
      'Spanish is our busiest language: hospitals, schools, courts and county agencies need Spanish interpreters around the clock.',
  },
  {
    name: 'French',
    community:
      'French speakers from West and Central Africa, Haiti, Canada and Europe need interpreters for clinic visits, asylum interviews and school meetings.',
  },
  {
    name: 'German',
    community:
      'German-speaking travellers, expatriates and manufacturing clients need interpreters for hospital stays, insurance calls and business meetings.',
  },
  {
    name: 'Italian',
    community:
      'Italian-speaking seniors and visiting families rely on interpreters for medical care, pharmacy questions and benefits calls.',
  },
  {
    name: 'Portuguese',
    community:
      'Brazilian and Portuguese communities in Massachusetts, Florida and New Jersey need interpreters for healthcare, schools and legal aid.',
  },
  {
    name: 'Japanese',
    community:
      'Japanese-speaking employees of international firms and their families need interpreters for healthcare, HR and business calls.',
  },
  {
    name: 'Korean',
    community:
      'Korean-speaking families in Los Angeles, New York, Atlanta and beyond need interpreters for medical, insurance and legal appointments.',
  },
  {
    name: 'Chinese (Mandarin)',
    community:
      'Mandarin speakers across the country need interpreters for hospital care, social services, immigration and business meetings.',
  },
  {
    name: 'Arabic',
    community:
      'Arabic-speaking refugees, students and families need interpreters for resettlement services, clinics, schools and court hearings.',
  },
  {
    name: 'Russian',
    community:
      'Russian speakers from across the former Soviet Union need interpreters for medical visits, benefits interviews and legal consultations.',
  },
  {
    name: 'Hindi',
    community:
      'Hindi-speaking families and older relatives visiting the United States need interpreters for healthcare and insurance calls.',
  },
  {
    name: 'Vietnamese',
    community:
      'Vietnamese communities in California, Texas and Washington need interpreters for clinics, schools and county services.',
  },
  {
    name: 'Thai',
    community:
      'Thai speakers need interpreters for medical appointments, immigration matters and customer-service calls.',
  },
  {
    name: 'Turkish',
    community:
      'Turkish-speaking families and business travellers need interpreters for healthcare, legal consultations and commercial calls.',
  },
  {
    name: 'Polish',
    community:
      'Polish-speaking communities in Chicago, New York and New Jersey need interpreters for hospital care, workers’ compensation and court matters.',
  },
  {
    name: 'Dutch',
    community:
      'Dutch-speaking travellers and employees of Dutch and Belgian companies need interpreters for medical care and business calls.',
  },
  {
    name: 'Swedish',
    community:
      'Swedish-speaking travellers and employees of Nordic companies need interpreters for medical emergencies and business meetings.',
  },
  {
    name: 'Norwegian',
    community:
      'Norwegian-speaking travellers and families need interpreters for hospital stays, insurance calls and legal questions.',
  },
  {
    name: 'Finnish',
    community:
      'Finnish-speaking travellers and employees of Finnish companies need interpreters for medical care and business calls.',
  },
  {
    name: 'Hebrew',
    community:
      'Hebrew-speaking families and visitors need interpreters for medical treatment, legal consultations and business meetings.',
  },
  {
    name: 'Farsi',
    community:
      'Farsi-speaking families and refugees need interpreters for resettlement services, clinics, schools and immigration hearings.',
  },
  {
    name: 'Urdu',
    community:
      'Urdu-speaking families need interpreters for hospital care, school meetings and benefits interviews.',
  },
  {
    name: 'Bengali',
    community:
      'Bengali-speaking communities in New York, Michigan and New Jersey need interpreters for healthcare, schools and housing services.',
  },
  {
    name: 'Tagalog',
    community:
      'Tagalog-speaking families and seniors need interpreters for medical visits, insurance questions and social services.',
  },
  {
    name: 'Indonesian',
    community:
      'Indonesian speakers need interpreters for healthcare, immigration matters and business calls.',
  },
  {
    name: 'Malay',
    community:
      'Malay-speaking students, workers and families need interpreters for medical appointments and legal questions.',
  },
  {
    name: 'Swahili',
    community:
      'Swahili-speaking refugees and families from East and Central Africa need interpreters for resettlement, clinics and schools.',
  },
  {
    name: 'Amharic',
    community:
      'Amharic-speaking Ethiopian communities in Washington DC, Seattle and Minneapolis need interpreters for healthcare and social services.',
  },
  {
    name: 'Somali',
    community:
      'Somali communities in Minnesota, Ohio and Washington need interpreters for clinics, schools, courts and county services.',
  },
  {
    name: 'Burmese',
    community:
      'Burmese-speaking refugees and families need interpreters for resettlement services, medical care and school enrolment.',
  },
  {
    name: 'Khmer',
    community:
      'Khmer-speaking Cambodian communities in California and Massachusetts need interpreters for healthcare and social services.',
  },
  {
    name: 'Lao',
    community:
      'Lao-speaking families need interpreters for medical visits, benefits interviews and legal appointments.',
  },
]

/** `Chinese (Mandarin)` becomes `chinese-mandarin`. */
export function languageSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Every built-in posting went up on this day. */
const POSTED_ON = '2026-11-02'

function remoteInterpreterPosting({ name, community }: JobLanguage): JobPostingContent {
  return {
    id: `${languageSlug(name)}-english-remote-interpreter`,
    title: `${name}-English Remote Interpreter`,
    type: 'Remote',
    nativeLanguage: name,
    fluentLanguage: 'English',
    description:
      `${community} As a ${name}-English remote interpreter you connect them with doctors, nurses, ` +
      'attorneys, caseworkers and customer-service teams over the phone and by video, ' +
      'interpreting consecutively, accurately and impartially. You work from home as an ' +
      'independent contractor and choose your own hours; calls come in through our platform 24/7.',
    requirements: [
      `Native or near-native fluency in ${name} and professional fluency in English`,
      'A minimum of 2 years of interpreting experience',
      'Working knowledge of medical and legal terminology in both languages',
      'A quiet, private workspace, a computer with a USB headset and a reliable high-speed wired internet connection',
      'Pass our language proficiency assessment and a background check',
    ],
    responsibilities: [
      `Interpret consecutively between ${name} and English on phone and video calls`,
      'Render every message completely and accurately, without adding, omitting or changing meaning',
      'Keep everything you hear confidential and follow HIPAA and our code of ethics',
      'Use medical, legal and insurance terminology correctly, asking for clarification when needed',
      'Sight-translate short documents such as consent forms and instructions when asked',
      'Log each session in the interpreter portal',
    ],
    benefits: [
      'Work from home on a schedule you set',
      'Competitive pay per minute of interpreting',
      'Steady call volume from healthcare, legal, government and business clients',
      'Free onboarding, terminology resources and ongoing training',
      'Support from our interpreter services team 24/7',
    ],
    status: 'published',
    postedOn: POSTED_ON,
  }
}

export const builtInJobPostings: readonly JobPostingContent[] =
  jobLanguages.map(remoteInterpreterPosting)
