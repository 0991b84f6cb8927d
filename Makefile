# Atendo. `make run` serves the product; `make test` proves it. Both install what they need first.
SHELL := /bin/bash
NODE_MODULES_STAMP := node_modules/.install-stamp

.PHONY: run test test-int typecheck bench install clean

$(NODE_MODULES_STAMP): package.json package-lock.json $(wildcard */package.json) $(wildcard services/*/package.json)
	npm ci --no-audit --no-fund
	@touch $@

install: $(NODE_MODULES_STAMP)

## Start every role in one process on PORT (default 8080), with an embedded PostgreSQL unless DATABASE_URL is set.
run: install
	npx tsx services/runtime/src/cli.ts start

## Type-check, then every test against real PostgreSQL (DATABASE_URL, else an embedded server).
test: install typecheck
	npx vitest run

## Only the integration suites (*.int.test.ts), e.g. against another PostgreSQL.
test-int: install
	npx vitest run '.int.test.ts'

typecheck: install
	npx tsc -p tsconfig.json

## Benchmarks; results are written to docs/benchmarks.md.
bench: install
	npx tsx bench/src/run.ts

clean:
	rm -rf node_modules .data test-artifacts
