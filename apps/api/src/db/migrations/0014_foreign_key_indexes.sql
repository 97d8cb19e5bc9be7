DROP INDEX "work_order_supplies_price_idx";--> statement-breakpoint
DROP INDEX "work_orders_company_idx";--> statement-breakpoint
DROP INDEX "work_orders_farm_idx";--> statement-breakpoint
DROP INDEX "work_orders_season_idx";--> statement-breakpoint
DROP INDEX "grain_movements_season_idx";--> statement-breakpoint
DROP INDEX "rains_farm_date_idx";--> statement-breakpoint
DROP INDEX "monitoring_adversities_monitoring_idx";--> statement-breakpoint
DROP INDEX "monitoring_photos_monitoring_idx";--> statement-breakpoint
DROP INDEX "monitorings_farm_date_idx";--> statement-breakpoint
DROP INDEX "note_attachments_note_idx";--> statement-breakpoint
DROP INDEX "notes_farm_idx";--> statement-breakpoint
DROP INDEX "notes_field_idx";--> statement-breakpoint
CREATE INDEX "season_plans_season_idx" ON "season_plans" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "stock_transactions_provider_idx" ON "stock_transactions" USING btree ("provider_id") WHERE "stock_transactions"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_transactions_invoice_file_idx" ON "stock_transactions" USING btree ("invoice_file_id") WHERE "stock_transactions"."invoice_file_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_transactions_delivery_note_file_idx" ON "stock_transactions" USING btree ("delivery_note_file_id") WHERE "stock_transactions"."delivery_note_file_id" is not null;--> statement-breakpoint
CREATE INDEX "stocks_company_idx" ON "stocks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "supplies_file_idx" ON "supplies" USING btree ("file_id") WHERE "supplies"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "recipes_file_idx" ON "recipes" USING btree ("file_id") WHERE "recipes"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "work_order_field_crops_field_idx" ON "work_order_field_crops" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "work_order_supply_contributions_supply_idx" ON "work_order_supply_contributions" USING btree ("supply_id");--> statement-breakpoint
CREATE INDEX "grain_movements_company_idx" ON "grain_movements" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "grain_movements_farm_idx" ON "grain_movements" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "grain_movements_field_idx" ON "grain_movements" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "grain_movements_ctg_idx" ON "grain_movements" USING btree ("grain_traceability_code") WHERE "grain_movements"."grain_traceability_code" is not null;--> statement-breakpoint
CREATE INDEX "grain_stocks_company_idx" ON "grain_stocks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "grain_stocks_season_idx" ON "grain_stocks" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "work_order_supplies_price_idx" ON "work_order_supplies" USING btree ("supply_id","workspace_id","work_order_supply_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "work_orders_company_idx" ON "work_orders" USING btree ("company_id","workspace_id","work_order_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "work_orders_farm_idx" ON "work_orders" USING btree ("farm_id","workspace_id","work_order_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "work_orders_season_idx" ON "work_orders" USING btree ("season_id","workspace_id","work_order_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "grain_movements_season_idx" ON "grain_movements" USING btree ("season_id","workspace_id","company_id","crop_id");--> statement-breakpoint
CREATE INDEX "rains_farm_date_idx" ON "rains" USING btree ("farm_id","workspace_id","date");--> statement-breakpoint
CREATE INDEX "monitoring_adversities_monitoring_idx" ON "monitoring_adversities" USING btree ("monitoring_id","workspace_id");--> statement-breakpoint
CREATE INDEX "monitoring_photos_monitoring_idx" ON "monitoring_photos" USING btree ("monitoring_id","workspace_id");--> statement-breakpoint
CREATE INDEX "monitorings_farm_date_idx" ON "monitorings" USING btree ("farm_id","workspace_id","date");--> statement-breakpoint
CREATE INDEX "note_attachments_note_idx" ON "note_attachments" USING btree ("note_id","workspace_id");--> statement-breakpoint
CREATE INDEX "notes_farm_idx" ON "notes" USING btree ("farm_id","workspace_id","note_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notes_field_idx" ON "notes" USING btree ("field_id","workspace_id","note_id" DESC NULLS LAST);