-- The console's search (decision 074): a fragment of a name (any case, with or without accents), of an
-- email, of an order number or of a phone (its digits) finds customers and orders through a trigram index, not a
-- read of every row. One document per row, built by one immutable function the queries call the same way.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
--> statement-breakpoint
-- unaccent() alone is only stable (its dictionary could change): named explicitly, it may back an index.
CREATE FUNCTION public.search_fold(value text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	AS $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
-- Words folded (lower case, no accents), then the phone's digits alone: "+213 555-12" is searched as 21355512.
CREATE FUNCTION public.search_document(name text, email text, phone text, reference text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ select public.search_fold(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(reference, ''))
		|| ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') $$;
--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (public.search_document("name", "email", "phone", null) public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin (public.search_document("billing"->>'name', "billing"->>'email', "billing"->>'phone', "number") public.gin_trgm_ops);
--> statement-breakpoint
-- The orders list, newest first, filtered or not (and its date range): a walk of this index, not a sort of every order.
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at", "number");
--> statement-breakpoint
-- The customers list, newest accounts first, without a search.
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at", "id");
