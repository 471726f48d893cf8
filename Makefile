# mcp-native: see README.md. Every target installs what it needs (scripts/install-deps.sh is idempotent).
SHELL := /bin/bash
EXT_SO := $(CURDIR)/target/release/libmcp_native.so
# This Debian release's PHP (8.2 on Debian 12, 8.4 on Debian 13): scripts/php-env.sh decides.
PHP_VERSION ?= $(shell bash -c 'source scripts/php-env.sh && echo $$PHP_VERSION')
# Not `PHP`: ext-php-rs's build script reads that variable as the path of the php binary.
PHP_BIN ?= /usr/bin/php$(PHP_VERSION)
# Debian releases test-fresh knows: bookworm (default) and trixie.
DIST ?= bookworm
export EXT_SO PHP_BIN PHP_VERSION

.PHONY: deps build dist lint test test-fresh test-rust test-php test-wp test-adapter test-integrations test-e2e test-browser test-install conformance load fuzz soak bench demo demo-stop clean

deps:
	bash scripts/install-deps.sh

# cargo's progress stays visible (a first build takes minutes); a stale Cargo.lock is refreshed.
build: deps
	cargo build --release --locked || { echo '(retrying without --locked)'; cargo build --release; }

test: build
	bash scripts/test-all.sh

# The packages a host installs (docs/INSTALL.md): dist/mcp-native-VERSION.zip (the plugin) and
# dist/phpX.Y-mcp-native_VERSION-1_ARCH.deb (the extension for this release's PHP).
dist: build
	bash scripts/install-deps.sh dist
	bash scripts/dist.sh

# A new Debian root (debootstrap), a clone of HEAD inside, the README's `make demo` and the unit
# suites there: proves the set-up on a machine that has nothing. DIST=bookworm|trixie.
test-fresh:
	bash scripts/test-fresh.sh $(DIST)

lint: deps
	bash scripts/lint.sh

test-rust: deps
	cargo test --release

test-php: build
	bash scripts/test-php.sh

test-wp: build
	bash scripts/test-wp.sh

test-adapter: build
	bash scripts/test-adapter.sh

test-integrations: build
	bash scripts/test-integrations.sh

test-e2e: build
	bash scripts/test-e2e.sh

test-browser: build
	bash scripts/test-browser.sh

test-install: build
	bash scripts/test-install.sh

conformance: build
	bash scripts/conformance.sh

load: build
	bash scripts/load.sh

fuzz: build
	bash scripts/fuzz.sh

soak: build
	bash scripts/soak.sh

bench: build
	$(PHP_BIN) -d extension=$(EXT_SO) bench/bench.php
	$(PHP_BIN) -d opcache.enable_cli=1 -d extension=$(EXT_SO) bench/validate_bench.php
	$(PHP_BIN) bench/validate_instructions.php
	$(PHP_BIN) bench/native_instructions.php $(EXT_SO)
	$(PHP_BIN) -d extension=$(EXT_SO) bench/worst_case.php
	bash scripts/bench-audit.sh

demo: build
	bash scripts/demo.sh

demo-stop:
	bash scripts/demo-stop.sh

clean:
	cargo clean; rm -rf .demo .test-run

# End to end at scale (issue 15): nginx + php-fpm, 500 abilities, the official adapter beside us
# when MCP_NATIVE_ADAPTER_DIR names a checkout. Not part of CI.
.PHONY: bench-e2e
bench-e2e: build
	bash scripts/bench-e2e.sh

# OAuth (issue 34): discovery and the whole flow on pretty and plain permalinks, a WordPress in a
# subdirectory and a multisite network (part of `make test`); what checking a bearer token costs
# (a benchmark, not part of CI).
.PHONY: test-oauth-sites bench-oauth
test-oauth-sites: build
	bash scripts/test-oauth-sites.sh
bench-oauth: build
	bash bench/oauth_bench.sh
