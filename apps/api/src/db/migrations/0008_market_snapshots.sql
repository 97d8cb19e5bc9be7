CREATE TABLE "market_snapshots" (
	"source" varchar(20) PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"source_updated_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"origin" varchar(10) NOT NULL
);
