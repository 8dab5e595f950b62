#!/usr/bin/env bash
# A full backup of the shop's database (orders, payments, invoices, eSIMs, sessions, the job queue) in pg_dump's
# custom format, taken while the shop runs (pg_dump reads one consistent snapshot).
#
#   DATABASE_URL=postgres://… scripts/backup.sh [file]     (default: backups/esim-<UTC time>.dump)
#
# pg_dump must be at least the server's major version (Debian's postgresql-client-15 for PostgreSQL 15).
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"

file="${1:-backups/esim-$(date -u +%Y%m%dT%H%M%SZ).dump}"
mkdir -p "$(dirname "$file")"
# Written aside, then renamed: a backup cut short never looks like a good one.
pg_dump --format=custom --compress=6 --no-owner --no-acl --file="$file.partial" "$DATABASE_URL"
mv "$file.partial" "$file"
echo "$file"
