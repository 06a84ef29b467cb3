-- Where a change came from (docs/product.md R560): the form, an import, a proposal, a confirmation,
-- the holiday calendar, the trash or a restore from the history; and, for a restore from the history
-- (R562), the entry whose version was brought back. Old rows are filled in from what they recorded:
-- an import's and a confirmation's action, a holiday decision's entity; every other old change was
-- made on a form.
ALTER TABLE "history" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "history" ADD COLUMN "restored_from" integer;--> statement-breakpoint
UPDATE "history" SET "source" = CASE
	WHEN "action" = 'import' THEN 'import'
	WHEN "action" = 'confirm' THEN 'confirmation'
	WHEN "action" = 'restore' THEN 'trash'
	WHEN "entity" = 'holiday' THEN 'holiday'
	ELSE 'form'
END;
