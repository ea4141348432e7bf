/** The fixed Contract Interpreter description of /apply/:jobId (docs/product.md#apply-page). */
export const contractInterpreter = {
  title: 'Contract Interpreter',
  tags: ['Remote', 'Contract', 'Interpreter'],
  highlights: ['Flexible Hours', 'Multiple Languages'],
  summary:
    'Interpret from home for hospitals, courts, government agencies, schools and businesses, over the phone and by video, on the hours you choose.',
  about: [
    'Since 1998 we have helped organizations serve people in their own language. Our network of more than 1,500 contract interpreters covers 200+ languages over the phone, by video and on site, 24 hours a day, 7 days a week.',
    'Our clients are hospitals and clinics, courts and law firms, government agencies, schools, insurers and businesses across the United States. Medical work is HIPAA compliant and legal work is handled by court-certified interpreters.',
  ],
  responsibilities: [
    'Interpret consecutively between English and your other languages on phone and video calls',
    'Render every message accurately and completely, staying impartial and never giving advice',
    'Keep everything you hear confidential, following HIPAA and our interpreter code of ethics',
    'Be available during the hours you commit to each week, in a quiet and private workspace',
    'Keep your terminology current through our training and resource library',
    'Log your sessions in the interpreter portal so that we can pay you accurately',
  ],
  requirements: [
    'A resume in English',
    'English proficiency at a technical level: you can follow and interpret medical, legal and financial language',
    'A mock oral interpretation session with one of our language specialists',
    'An online assessment of medical terminology, anatomy and physiology',
    'A full background check',
  ],
  preferred: ['1+ years of interpreting experience'],
} as const
