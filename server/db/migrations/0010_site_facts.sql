ALTER TABLE "sites" ADD COLUMN "phone_extension" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "facts" jsonb DEFAULT '{}'::jsonb NOT NULL;
