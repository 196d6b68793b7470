# The two commands: `make run` and `make test`. See README.md.
SHELL := /bin/bash
.DEFAULT_GOAL := run
CARGO ?= cargo
export CARGO_TERM_COLOR ?= never
RELEASE_BIN := target/release/registry
DEBUG_BIN := target/debug/registry

.PHONY: run build test deps test-deps web server lint-rust test-rust test-rust-sqlite test-rust-postgres \
        test-web test-e2e test-api-fuzz check-api api-types bench stress audit clean test-races \
        cluster test-cluster

deps:
	@scripts/ensure-deps.sh build

test-deps:
	@scripts/ensure-deps.sh test

web: deps
	cd web && npm run --silent build

server:
	$(CARGO) build --release --locked --bin registry

## Build both parts (release); the server binary lands in target/release/registry.
build: web server

## Build everything, load demo data into an empty database, serve http://localhost:8080.
run: build
	@mkdir -p data
	@$(RELEASE_BIN) seed --demo --if-empty
	@echo
	@echo "  European Small-Craft Registry: http://localhost:8080"
	@echo "  Dev mailbox (verification and reset emails): http://localhost:8080/dev/mailbox"
	@echo "  API docs: http://localhost:8080/api/docs"
	@echo
	exec $(RELEASE_BIN) serve

## Every test and check: formatting and lints, Rust on SQLite and on PostgreSQL, the API
## against its OpenAPI document (Schemathesis), web lint and unit tests, browser tests.
test: test-deps lint-rust test-rust check-api test-api-fuzz test-web test-e2e test-cluster
	@echo "all tests passed"

## Three instances on PostgreSQL (with a streaming replica) and S3, behind nginx with
## deploy/nginx.conf, on loopback; prints the URL and the demo accounts; Ctrl-C stops it.
cluster: test-deps build
	scripts/cluster.sh $(RELEASE_BIN)

## The cluster under failure: instances killed and restarted under traffic, then a rolling
## restart (scripts/cluster_test.py says what it checks).
test-cluster: test-deps
	$(CARGO) build --locked --bin registry
	scripts/verify-units.sh $(DEBUG_BIN)
	scripts/cluster.sh $(DEBUG_BIN) -- python3 scripts/cluster_test.py

## rustfmt and clippy (pedantic, see Cargo.toml [workspace.lints]); warnings fail.
lint-rust:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --locked --all-targets -- -D warnings

## Schemathesis with every check, as a guest and as a signed-in owner (scripts/schemathesis.sh).
test-api-fuzz: test-deps
	$(CARGO) build --locked --bin registry
	scripts/schemathesis.sh $(DEBUG_BIN)

test-rust: test-rust-sqlite test-rust-postgres

## The read-replica and plan tests (tests/api/replica_pg.rs, search_plans_pg.rs) need PostgreSQL: the
## PostgreSQL pass runs them.
test-rust-sqlite:
	scripts/with-moto.sh $(CARGO) test --locked --workspace -- --skip replica_pg:: --skip search_plans_pg::

test-rust-postgres:
	scripts/with-moto.sh scripts/with-postgres.sh $(CARGO) test --locked --test api

## The race-and-invariant test, longer than `make test` runs it, on both databases
## (RACE_ROUNDS rounds, seed RACE_SEED; docs/PAYMENTS.md "Money with effect").
RACE_ROUNDS ?= 2000
RACE_SEED ?= $(shell date +%s)
test-races:
	REGISTRY_RACE_ROUNDS=$(RACE_ROUNDS) REGISTRY_RACE_SEED=$(RACE_SEED) $(CARGO) test --locked --test api -- races --nocapture
	REGISTRY_RACE_ROUNDS=$(RACE_ROUNDS) REGISTRY_RACE_SEED=$(RACE_SEED) scripts/with-postgres.sh $(CARGO) test --locked --test api -- races --nocapture

## Fails when the committed OpenAPI document or the generated TypeScript types are stale.
check-api: test-deps
	$(CARGO) build --locked --bin registry
	@$(DEBUG_BIN) openapi > target/openapi.json
	@diff -q target/openapi.json web/openapi.json >/dev/null || \
	  { echo "web/openapi.json is stale: run 'make api-types' and commit the result" >&2; exit 1; }
	cd web && npm run --silent check:api

## Regenerate web/openapi.json and web/src/api/schema.d.ts from the server.
api-types: deps
	$(CARGO) build --locked --bin registry
	$(DEBUG_BIN) openapi > web/openapi.json
	cd web && npm run --silent gen:api

test-web: test-deps
	cd web && npm run --silent typecheck && npm run --silent lint && npm run --silent format:check && npm test --silent

test-e2e: test-deps web
	$(CARGO) build --locked --bin registry
	scripts/e2e.sh $(DEBUG_BIN)

## Seed a million vessels (BENCH_VESSELS) into fresh SQLite and PostgreSQL databases (BENCH_DB) and load them with wrk, BENCH_SECONDS a run (see docs/PERFORMANCE.md).
BENCH_VESSELS ?= 1000000
BENCH_SECONDS ?= 20
BENCH_DB ?= both
bench: deps server
	BENCH_DB=$(BENCH_DB) scripts/bench.sh $(BENCH_VESSELS) $(BENCH_SECONDS)

## 400 concurrent sign-ins and 1,100 slow connections against the release server (docs/PERFORMANCE.md).
stress: server
	scripts/stress.sh $(RELEASE_BIN)

## Lighthouse on the landing, registry, a vessel and the sign-in page of the release server; fails below 95 (docs/PERFORMANCE.md).
audit: test-deps web server
	scripts/audit.sh $(RELEASE_BIN)

clean:
	$(CARGO) clean
	rm -rf web/dist web/dist-ssr web/node_modules scripts/lighthouse/node_modules
