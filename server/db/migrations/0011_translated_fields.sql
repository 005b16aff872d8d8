ALTER TABLE "content_publication_forms" ADD COLUMN "title" jsonb;
--> statement-breakpoint
-- one collation per language of translated fields (schemas/languages.ts collationOf): ICU's rules for the language where the server has ICU (PGlite and Debian's PostgreSQL do), byte order otherwise
DO $$ BEGIN CREATE COLLATION IF NOT EXISTS "bureau_en" (provider = icu, locale = 'en'); EXCEPTION WHEN OTHERS THEN CREATE COLLATION IF NOT EXISTS "bureau_en" FROM "C"; END $$;
--> statement-breakpoint
DO $$ BEGIN CREATE COLLATION IF NOT EXISTS "bureau_ru" (provider = icu, locale = 'ru'); EXCEPTION WHEN OTHERS THEN CREATE COLLATION IF NOT EXISTS "bureau_ru" FROM "C"; END $$;
