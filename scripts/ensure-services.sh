#!/usr/bin/env bash
# Makes sure what the test suite talks to is there: PostgreSQL, Redis, xmllint and Chromium.
# Starts local services only when they are down; installs Chromium with apt when missing.
set -euo pipefail

pg_up() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ -n "${TEST_DATABASE_ADMIN_URL:-}" ]; then
  echo "services: using TEST_DATABASE_ADMIN_URL"
elif ! pg_up; then
  if ! command -v pg_ctlcluster >/dev/null; then
    as_root apt-get update -qq && as_root apt-get install -y -qq postgresql >/dev/null
  fi
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
  pg_up || { echo "services: PostgreSQL did not come up" >&2; exit 1; }
fi

if [ -z "${TEST_REDIS_URL:-}" ] && ! redis_up; then
  if ! command -v redis-server >/dev/null; then
    as_root apt-get update -qq && as_root apt-get install -y -qq redis-server >/dev/null
  fi
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 1 30); do redis_up && break; sleep 1; done
  redis_up || { echo "services: Redis did not come up" >&2; exit 1; }
fi

# xmllint validates the sitemaps against the published XSDs (tests/schemas).
if ! command -v xmllint >/dev/null; then
  as_root apt-get update -qq && as_root apt-get install -y -qq libxml2-utils >/dev/null
fi

if [ "${SKIP_E2E:-}" != "1" ] && [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null; then
  as_root apt-get update -qq && as_root apt-get install -y -qq chromium >/dev/null
fi
echo "services: postgres, redis$( [ "${SKIP_E2E:-}" = 1 ] || echo ', chromium') ready"
