-- A profile's languages are its language pairs, each paired with English
-- (app/domain/language-pairs.ts). Approving an application used to copy English onto the
-- profile too (for an applicant fluent in English): an "English–English" pair. It comes off
-- every profile that has another pair, with its proficiency; a profile with English alone
-- keeps it, for staff to set its pairs on the Interpreter manager. The pattern is
-- `isEnglish` of that module: "English", "english ", "US English", "English (native)".
-- Data only: the schema does not change, so drizzle-kit keeps no snapshot of this step.
UPDATE "interpreter_profiles" AS "profile"
SET
  "languages" = ARRAY(
    SELECT "entry"."language"
    FROM unnest("profile"."languages") WITH ORDINALITY AS "entry"("language", "position")
    WHERE "entry"."language" !~* '^\s*((american|british|us|u\.s\.|uk)\s+)?english\s*(\([^)]*\))?\s*$'
    ORDER BY "entry"."position"
  ),
  "language_proficiency" = (
    SELECT coalesce(jsonb_object_agg("level"."key", "level"."value"), '{}'::jsonb)
    FROM jsonb_each("profile"."language_proficiency") AS "level"
    WHERE "level"."key" !~* '^\s*((american|british|us|u\.s\.|uk)\s+)?english\s*(\([^)]*\))?\s*$'
  )
WHERE EXISTS (
    SELECT 1 FROM unnest("profile"."languages") AS "language"
    WHERE "language" ~* '^\s*((american|british|us|u\.s\.|uk)\s+)?english\s*(\([^)]*\))?\s*$'
  )
  AND EXISTS (
    SELECT 1 FROM unnest("profile"."languages") AS "language"
    WHERE "language" !~* '^\s*((american|british|us|u\.s\.|uk)\s+)?english\s*(\([^)]*\))?\s*$'
  );
