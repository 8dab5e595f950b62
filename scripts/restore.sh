#!/usr/bin/env bash
# Restores a backup of scripts/backup.sh into an empty database (a fresh server, or a new database on one), all or
# nothing. Start the app on it afterwards: its migrations are already applied and it starts as it was.
#
#   DATABASE_URL=postgres://… scripts/restore.sh file.dump
#
# Refuses a database that already has tables, so a slip of DATABASE_URL never mixes a backup into the live shop.
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL to the empty database to restore into}"
file="${1:?usage: DATABASE_URL=postgres://… scripts/restore.sh file.dump}"
[ -r "$file" ] || { echo "restore: cannot read $file" >&2; exit 1; }

tables="$(psql "$DATABASE_URL" --no-psqlrc --tuples-only --no-align --command \
  "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")"
if [ "$tables" != "0" ]; then
  echo "restore: the database already has $tables tables; restore into an empty one" >&2
  exit 1
fi
pg_restore --no-owner --no-acl --exit-on-error --single-transaction --dbname="$DATABASE_URL" "$file"
echo "restored $file"
