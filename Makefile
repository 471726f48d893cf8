# mcp-native: see README.md. Every target installs what it needs (scripts/install-deps.sh is idempotent).
SHELL := /bin/bash
EXT_SO := $(CURDIR)/target/release/libmcp_native.so
# Not `PHP`: ext-php-rs's build script reads that variable as the path of the php binary.
PHP_BIN ?= /usr/bin/php8.2
export EXT_SO PHP_BIN

.PHONY: deps build test test-rust test-php test-wp test-e2e test-browser test-install conformance load fuzz soak bench demo demo-stop clean

deps:
	bash scripts/install-deps.sh

build: deps
	cargo build --release --locked 2>/dev/null || cargo build --release

test: build
	bash scripts/test-all.sh

test-rust: deps
	cargo test --release

test-php: build
	bash scripts/test-php.sh

test-wp: build
	bash scripts/test-wp.sh

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
	$(PHP_BIN) -d extension=$(EXT_SO) bench/validate_bench.php
	$(PHP_BIN) -d extension=$(EXT_SO) bench/worst_case.php

demo: build
	bash scripts/demo.sh

demo-stop:
	bash scripts/demo-stop.sh

clean:
	cargo clean; rm -rf .demo .test-run
