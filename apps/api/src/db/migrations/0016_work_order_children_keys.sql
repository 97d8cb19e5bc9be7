-- Work-order children reference (workspace_id, work_order_id) of their order instead of workspace_id and work_order_id
-- apart: deleting a workspace no longer reads these tables in full for its foreign-key checks (800 ms at 1M orders),
-- and a child's workspace is its order's. The unique key they reference comes first (drizzle-kit wrote it last).
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_workspace_order_uq" UNIQUE("workspace_id","work_order_id");--> statement-breakpoint
ALTER TABLE "work_order_adversities" DROP CONSTRAINT "work_order_adversities_work_order_id_work_orders_work_order_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_adversities" DROP CONSTRAINT "work_order_adversities_workspace_id_workspaces_workspace_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_field_crops" DROP CONSTRAINT "work_order_field_crops_workspace_id_workspaces_workspace_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_field_crops" DROP CONSTRAINT "work_order_field_crops_work_order_id_work_orders_work_order_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_history" DROP CONSTRAINT "work_order_history_workspace_id_workspaces_workspace_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_history" DROP CONSTRAINT "work_order_history_work_order_id_work_orders_work_order_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_labor_contributions" DROP CONSTRAINT "work_order_labor_contributions_workspace_id_workspaces_workspace_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_labor_contributions" DROP CONSTRAINT "work_order_labor_contributions_work_order_id_work_orders_work_order_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_supplies" DROP CONSTRAINT "work_order_supplies_workspace_id_workspaces_workspace_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_supplies" DROP CONSTRAINT "work_order_supplies_work_order_id_work_orders_work_order_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_supply_contributions" DROP CONSTRAINT "work_order_supply_contributions_workspace_id_workspaces_workspace_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_supply_contributions" DROP CONSTRAINT "work_order_supply_contributions_work_order_id_work_orders_work_order_id_fk";
--> statement-breakpoint
ALTER TABLE "work_order_adversities" ADD CONSTRAINT "work_order_adversities_order_fk" FOREIGN KEY ("workspace_id","work_order_id") REFERENCES "public"."work_orders"("workspace_id","work_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_field_crops" ADD CONSTRAINT "work_order_field_crops_order_fk" FOREIGN KEY ("workspace_id","work_order_id") REFERENCES "public"."work_orders"("workspace_id","work_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_history" ADD CONSTRAINT "work_order_history_order_fk" FOREIGN KEY ("workspace_id","work_order_id") REFERENCES "public"."work_orders"("workspace_id","work_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labor_contributions" ADD CONSTRAINT "work_order_labor_contributions_order_fk" FOREIGN KEY ("workspace_id","work_order_id") REFERENCES "public"."work_orders"("workspace_id","work_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_supplies" ADD CONSTRAINT "work_order_supplies_order_fk" FOREIGN KEY ("workspace_id","work_order_id") REFERENCES "public"."work_orders"("workspace_id","work_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_supply_contributions" ADD CONSTRAINT "work_order_supply_contributions_order_fk" FOREIGN KEY ("workspace_id","work_order_id") REFERENCES "public"."work_orders"("workspace_id","work_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "monitoring_photos_workspace_idx" ON "monitoring_photos" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "note_attachments_workspace_idx" ON "note_attachments" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "store_orders_workspace_idx" ON "store_orders" USING btree ("workspace_id");
