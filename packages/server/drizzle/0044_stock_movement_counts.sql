CREATE TABLE "stock_movement_counts" (
	"warehouse_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_movement_counts_key" UNIQUE("warehouse_id","kind")
);
