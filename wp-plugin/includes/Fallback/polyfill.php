<?php
/**
 * What the extension declares, declared in PHP when it is not loaded, so that callers catch
 * one exception class and read one depth limit whichever implementation runs.
 *
 * @package McpNative
 */

namespace McpNative;

if ( ! class_exists( SchemaException::class, false ) ) {
	/** A schema the transformer refuses (nesting deeper than MAX_DEPTH). */
	class SchemaException extends \InvalidArgumentException {
	}
}

if ( ! defined( 'McpNative\MAX_DEPTH' ) ) {
	// Must equal src/core/mod.rs MAX_DEPTH (checked by tests/php/unit/ParityTest).
	define( 'McpNative\MAX_DEPTH', 128 );
}

if ( ! defined( 'McpNative\MAX_VIOLATIONS' ) ) {
	// Must equal the extension's MAX_VIOLATIONS: validate() lists at most this many violations.
	define( 'McpNative\MAX_VIOLATIONS', 100 );
}

if ( ! defined( 'McpNative\MAX_PATTERN_BYTES' ) ) {
	// Must equal src/core/mod.rs MAX_PATTERN_BYTES: a longer `pattern` is never compiled.
	define( 'McpNative\MAX_PATTERN_BYTES', 32768 );
}
