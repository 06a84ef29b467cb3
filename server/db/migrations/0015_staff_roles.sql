-- Roles (docs/product.md R570–R575): an account is an administrator, an editor, a partner manager
-- (of the nutrition partners in user_partners) or a plain user. is_admin becomes role 'admin'.
-- A deactivated account (deactivated_at) cannot sign in and its sessions and links are gone.
-- A one-time link is a password reset or an invitation (password_resets.purpose): the same rules,
-- hashed at rest, single use, expiring.
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
UPDATE "users" SET "role" = 'admin' WHERE "is_admin";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('admin', 'editor', 'partner', 'user'));--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "user_partners" (
	"user_id" integer NOT NULL,
	"nutrition_partner_id" integer NOT NULL,
	CONSTRAINT "user_partners_pkey" PRIMARY KEY ("user_id", "nutrition_partner_id")
);
--> statement-breakpoint
ALTER TABLE "user_partners" ADD CONSTRAINT "user_partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_partners" ADD CONSTRAINT "user_partners_partner_id_fk" FOREIGN KEY ("nutrition_partner_id") REFERENCES "public"."nutrition_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_partners_partner_idx" ON "user_partners" USING btree ("nutrition_partner_id");--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_purpose_check" CHECK ("purpose" IN ('reset', 'invite'));
