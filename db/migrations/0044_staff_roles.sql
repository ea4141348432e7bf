ALTER TABLE "users" ADD COLUMN "staff_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Every staff account so far could do everything: each keeps that as an administrator.
UPDATE "users" SET "staff_roles" = '{administrator}' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_roles_staff_only" CHECK ("users"."role" = 'admin' or "users"."staff_roles" = '{}');
