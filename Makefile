# Atendo. `make run` serves the product; `make test` proves it. Both install what they need first.
SHELL := /bin/bash
NODE_MODULES_STAMP := node_modules/.install-stamp
WEB_SOURCES := $(shell find web/src web/scripts web/index.html web/vite.config.ts web/package.json -type f 2>/dev/null)

.PHONY: run test test-int typecheck bench install build browser clean

$(NODE_MODULES_STAMP): package.json package-lock.json $(wildcard */package.json) $(wildcard services/*/package.json) $(wildcard plugins/*/package.json) $(wildcard flow-engine/examples/*/package.json)
	npm ci --no-audit --no-fund
	@touch $@

install: $(NODE_MODULES_STAMP)

web/dist/index.html: $(NODE_MODULES_STAMP) $(WEB_SOURCES)
	npm run build -w web

## The console, built once its sources change.
build: web/dist/index.html

## Start every role in one process on PORT (default 8080), with an embedded PostgreSQL unless DATABASE_URL is set.
run: install build
	npx tsx services/runtime/src/cli.ts start

## Headless Chromium for the browser tests, from Debian's packages (no browser downloads).
browser:
	@command -v chromium >/dev/null || { echo "Installing Debian's chromium for the browser tests"; apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }

## Type-check, then every test against real PostgreSQL (DATABASE_URL, else an embedded server) and Chromium.
test: install typecheck build browser
	npx vitest run

## Only the integration suites (*.int.test.ts), e.g. against another PostgreSQL.
test-int: install
	npx vitest run --project server '.int.test.ts'

typecheck: install
	npx tsc -p tsconfig.json
	npx tsc -p web

## Benchmarks; results are written to docs/benchmarks.md.
bench: install
	node --expose-gc --import tsx bench/src/run.ts

clean:
	rm -rf node_modules .data test-artifacts web/dist
