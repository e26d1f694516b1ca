CREATE TABLE "connection_settings" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"price_basis" text DEFAULT 'utc' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connection_settings_basis_check" CHECK (price_basis in ('utc', 'utc8'))
);
--> statement-breakpoint
CREATE TABLE "price_closes" (
	"connection_id" text NOT NULL,
	"symbol" text NOT NULL,
	"day" date NOT NULL,
	"basis" text NOT NULL,
	"close" numeric NOT NULL,
	"price_time" bigint NOT NULL,
	"final" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_closes_connection_id_symbol_day_basis_pk" PRIMARY KEY("connection_id","symbol","day","basis"),
	CONSTRAINT "price_closes_basis_check" CHECK (basis in ('utc', 'utc8'))
);
--> statement-breakpoint
CREATE INDEX "price_closes_day_idx" ON "price_closes" USING btree ("connection_id","basis","day");