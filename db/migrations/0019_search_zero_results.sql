CREATE TABLE "search_zero_result" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "search_zero_result_day_term_pk" PRIMARY KEY("day","term")
);
