<?php
/**
 * The fuzzer's worker (tests/php/fuzz/fuzz.php): canonical descriptions of values, and the iterations with their tallies.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Fuzz;

// ---------------------------------------------------------------------------------------------
// Describing values: a canonical text (key order, exact types; cycles and depth bounded).
// ---------------------------------------------------------------------------------------------

final class Describe {
	private const MAX_NODES = 200000;
	private const MAX_DEPTH = 600;
	private int $nodes = 0;
	/** @var array<string,true> Identities on the current path. */
	private array $path = array();
	public bool $truncated = false;

	/** The text of `$value`, or null when it is too big or too deep to describe. */
	public static function of( $value ): ?string {
		$d = new self();
		$s = $d->walk( $value, 0 );
		return $d->truncated ? null : $s;
	}

	/** Like `of`, but a truncated description is still returned (marked). */
	public static function summary( $value, int $max = 400 ): string {
		$d = new self();
		$s = $d->walk( $value, 0 );
		return ( $d->truncated ? '[truncated] ' : '' ) . ( strlen( $s ) > $max ? substr( $s, 0, $max ) . '…' : $s );
	}

	private function walk( $v, int $depth ): string {
		if ( ++$this->nodes > self::MAX_NODES || $depth > self::MAX_DEPTH ) {
			$this->truncated = true;
			return '…';
		}
		if ( null === $v ) {
			return 'null';
		}
		if ( is_bool( $v ) ) {
			return $v ? 'true' : 'false';
		}
		if ( is_int( $v ) ) {
			return 'i' . $v;
		}
		if ( is_float( $v ) ) {
			if ( is_nan( $v ) ) {
				return 'fNAN';
			}
			return 'f' . ( 0.0 === $v && fdiv( 1.0, $v ) < 0 ? '-0' : sprintf( '%.17g', $v ) );
		}
		if ( is_string( $v ) ) {
			return strlen( $v ) > 64 ? 's' . strlen( $v ) . ':' . md5( $v ) : 's' . json_encode( $v, JSON_INVALID_UTF8_SUBSTITUTE ) . ( preg_match( '//u', $v ) ? '' : ':' . bin2hex( $v ) );
		}
		if ( is_resource( $v ) || 'resource (closed)' === gettype( $v ) ) {
			return 'resource';
		}
		if ( is_object( $v ) ) {
			$id = 'o' . spl_object_id( $v );
			if ( isset( $this->path[ $id ] ) ) {
				return '<cycle ' . get_class( $v ) . '>';
			}
			if ( ! $v instanceof \stdClass ) {
				return '<' . get_class( $v ) . '>';
			}
			$this->path[ $id ] = true;
			$s                 = get_class( $v ) . $this->entries( (array) $v, $depth );
			unset( $this->path[ $id ] );
			return $s;
		}
		return $this->entries( $v, $depth );
	}

	private function entries( array $a, int $depth ): string {
		$parts = array();
		foreach ( $a as $k => $child ) {
			$ref = \ReflectionReference::fromArrayElement( $a, $k );
			$id  = null === $ref ? null : 'r' . $ref->getId();
			if ( null !== $id && isset( $this->path[ $id ] ) ) {
				$parts[] = ( is_int( $k ) ? $k : json_encode( (string) $k, JSON_INVALID_UTF8_SUBSTITUTE ) ) . '=><cycle>';
				continue;
			}
			if ( null !== $id ) {
				$this->path[ $id ] = true;
			}
			$parts[] = ( is_int( $k ) ? $k : json_encode( (string) $k, JSON_INVALID_UTF8_SUBSTITUTE ) . ( preg_match( '//u', (string) $k ) ? '' : ':' . bin2hex( (string) $k ) ) ) . '=>' . $this->walk( $child, $depth + 1 );
			if ( null !== $id ) {
				unset( $this->path[ $id ] );
			}
			if ( $this->truncated ) {
				break;
			}
		}
		return '[' . implode( ',', $parts ) . ']';
	}
}

// ---------------------------------------------------------------------------------------------
// The worker: runs iterations and tallies what it saw.
// ---------------------------------------------------------------------------------------------

final class Worker {
	/** name => [native callable, fallback callable|null, min args, max args] */
	private array $functions;
	private Gen $gen;
	public array $stats = array(
		'iterations'  => 0,
		'calls'       => array(),
		'returned'    => array(),
		'threw'       => array(),
		'compared'    => array(),
		'reentrant'   => array(),
		'mismatches'  => array(),
		'notices'     => array(),
		'mutations'   => array(),
		'known'       => array(),
		'known_kinds' => array(),
		'findings'    => array(),
	);
	private array $notices = array();
	public bool $trace = false;

	public function __construct( private bool $native ) {
		$this->gen       = new Gen();
		$fallback        = '\\McpNative\\Plugin\\Fallback\\';
		$this->functions = array(
			'transform_to_object_schema' => array( $native ? '\\McpNative\\SchemaTransformer::transform_to_object_schema' : null, $fallback . 'SchemaTransformer::transform_to_object_schema', 1, 2 ),
			'unwrap_input_if_needed'     => array( $native ? '\\McpNative\\unwrap_input_if_needed' : null, $fallback . 'Arguments::unwrap_input_if_needed', 2, 2 ),
			'wrap_output_if_needed'      => array( $native ? '\\McpNative\\wrap_output_if_needed' : null, $fallback . 'Arguments::wrap_output_if_needed', 2, 2 ),
			'normalize_arguments'        => array( $native ? '\\McpNative\\normalize_arguments' : null, $fallback . 'Arguments::normalize_arguments', 2, 2 ),
			'validate'                   => array( $native && function_exists( '\\McpNative\\validate' ) ? self::places( '\\McpNative\\validate' ) : null, class_exists( $fallback . 'Validator' ) ? self::places( $fallback . 'Validator::validate' ) : null, 2, 3 ),
			'wire_tool_schema'           => array( $native ? '\\McpNative\\wire_tool_schema' : null, $fallback . 'SchemaTransformer::wire_tool_schema', 2, 2 ),
			'wire_ability_schema'        => array( $native ? '\\McpNative\\wire_ability_schema' : null, $fallback . 'SchemaTransformer::wire_ability_schema', 1, 1 ),
			'version'                    => array( $native ? '\\McpNative\\version' : null, null, 0, 0 ),
		);
		set_error_handler(
			function ( int $no, string $message, string $file, int $line ): bool {
				if ( 0 === ( error_reporting() & $no ) ) {
					return true; // Silenced with @: deliberate, as in PHP itself.
				}
				$this->notices[] = "$message ($file:$line)";
				return true;
			}
		);
	}

	/**
	 * `$validate` answering paths and keywords only under the standard profile: there the
	 * fallback's messages are WordPress core's wording, the places are the contract.
	 */
	private static function places( string $validate ): \Closure {
		return static function ( ...$args ) use ( $validate ) {
			$violations = $validate( ...$args );
			if ( 'strict' === ( $args[2] ?? 'standard' ) || ! is_array( $violations ) ) {
				return $violations;
			}
			return array_map( static fn( $v ) => is_array( $v ) ? array( 'path' => $v['path'] ?? null, 'keyword' => $v['keyword'] ?? null ) : $v, $violations );
		};
	}

	/** The arguments of one call of `$name` (sometimes of the wrong types or count). */
	private function arguments( string $name ): array {
		$g = $this->gen;
		switch ( $name ) {
			case 'transform_to_object_schema':
				$args = array(
					Gen::chance( 10 ) ? $g->value() : ( Gen::chance( 12 ) ? null : $g->schema() ),
					Gen::chance( 8 ) ? $g->value() : ( Gen::chance( 2 ) ? $g->key() : Gen::pick( array( 'input', 'result', 'x', '', '0', "\xff", 'é' ) ) ),
				);
				if ( Gen::chance( 4 ) ) {
					array_pop( $args );
				}
				break;
			case 'wire_tool_schema':
			case 'wire_ability_schema':
				$g->wire = true;
				$args    = array( Gen::chance( 10 ) ? $g->value() : $g->schema() );
				$g->wire = false;
				if ( 'wire_tool_schema' === $name ) {
					$args[] = Gen::chance( 8 ) ? $g->value() : Gen::pick( array( 'input', 'result', '0', '', "\xff", 'é' ) );
				}
				break;
			case 'unwrap_input_if_needed':
				$wrapped = Gen::chance( 2 ) ? array( Gen::pick( array( 'input', 'x', '0', 0, "\xff" ) ) => $g->value() ) : $g->value();
				$args    = array( $wrapped, $g->meta( 'input' ) );
				break;
			case 'wrap_output_if_needed':
				$args = array( $g->value(), $g->meta( 'output' ) );
				break;
			case 'normalize_arguments':
				$args = array(
					Gen::chance( 8 ) ? $g->value() : Gen::pick( array( null, array(), $g->schema(), array( 'default' => 1 ), array( 'type' => array( 'null', 'object' ) ) ) ),
					Gen::chance( 2 ) ? Gen::pick( array( null, array(), new \stdClass() ) ) : $g->value(),
				);
				break;
			case 'validate':
				$args = Gen::chance( 6 ) ? $g->adversarial_validation() : array( $g->value(), Gen::chance( 10 ) ? $g->value() : $g->schema() );
				if ( ! Gen::chance( 3 ) ) {
					$args[] = Gen::chance( 8 ) ? $g->value() : Gen::pick( array( 'standard', 'strict', 'Strict', '', "\xff" ) );
				}
				break;
			default:
				$args = array();
		}
		// Wrong argument counts.
		if ( Gen::chance( 25 ) ) {
			if ( Gen::chance( 2 ) ) {
				$args[] = $g->value();
			} elseif ( count( $args ) > 0 ) {
				array_pop( $args );
			}
		}
		return $args;
	}

	/** @return array{0:string,1:?string} [outcome text, notices] */
	private function call( callable $callable, array $args ): array {
		$this->notices = array();
		try {
			$result  = $callable( ...$args );
			// Describing reads every value of the result (json_encode is no good here: PHP's
			// encoder recurses without bound through jsonSerialize() chains and crashes).
			$outcome = 'ok ' . ( Describe::of( $result ) ?? '<too big to describe>' );
			unset( $result );
		} catch ( \Throwable $e ) {
			$message = $e->getMessage();
			if ( $e instanceof \TypeError || $e instanceof \ValueError ) {
				// The function's own name starts the message; the rest must match.
				$message = preg_replace( array( '/^[\\\\\\w:]+\\(\\): /', '/, called in .*$/s' ), '', $message );
			}
			$outcome = 'throws ' . get_class( $e ) . ': ' . $message;
			unset( $e );
		}
		return array( $outcome, $this->notices ? implode( '; ', $this->notices ) : null );
	}

	/**
	 * The fallback's `standard` profile walks the value itself and asks core's functions node by
	 * node: its verdict (no violation, or some) must be the one core's whole
	 * rest_validate_value_from_schema() gives. Skipped where the fallback refused the schema or
	 * value before core saw it (`schema`, `depth`, `size`: core would recurse without end or
	 * crash) and where core itself throws.
	 */
	private function check_core_verdict( array $args, int $i ): void {
		if ( count( $args ) < 2 || count( $args ) > 4 || ! is_array( $args[1] ) || 'standard' !== ( $args[2] ?? 'standard' ) || ! is_string( $args[3] ?? '' ) ) {
			return;
		}
		$this->notices = array();
		try {
			$violations = \McpNative\Plugin\Fallback\Validator::validate( $args[0], $args[1] );
		} catch ( \Throwable $e ) {
			return;
		}
		foreach ( $violations as $v ) {
			if ( in_array( $v['keyword'], array( 'schema', 'depth', 'size' ), true ) ) {
				return;
			}
		}
		set_error_handler( static fn() => true );
		try {
			$core = \rest_validate_value_from_schema( $args[0], $args[1], 'value' );
		} catch ( \Throwable $e ) {
			return;
		} finally {
			restore_error_handler();
		}
		$this->bump( 'compared', 'validate/core' );
		if ( ( true === $core ) !== ( array() === $violations ) ) {
			$this->finding(
				'mismatches',
				'validate/core',
				$i,
				'args: ' . Describe::summary( $args, 600 ) . "\n  core:     " . ( true === $core ? 'valid' : $core->get_error_code() ) . "\n  fallback: " . substr( (string) Describe::of( $violations ), 0, 600 )
			);
		}
	}

	private function bump( string $what, string $name ): void {
		$this->stats[ $what ][ $name ] = ( $this->stats[ $what ][ $name ] ?? 0 ) + 1;
	}

	private function finding( string $kind, string $name, int $iteration, string $detail ): void {
		$this->bump( $kind, $name );
		if ( $this->stats[ $kind ][ $name ] <= 3 ) { // the first few of each kind per batch
			$this->stats['findings'][] = compact( 'kind', 'name', 'iteration', 'detail' );
		}
	}

	public function iteration( int $seed, int $i ): void {
		mt_srand( self::iteration_seed( $seed, $i ) );
		$this->gen->resources = array();
		$this->gen->reentrant = false;
		$this->gen->start( mt_rand( 20, 400 ) );
		$names = array_keys( $this->functions );
		$name  = $names[ mt_rand( 0, count( $names ) - 1 ) ];
		[ $native, $fallback, $min, $max ] = $this->functions[ $name ];
		$args = $this->arguments( $name );
		$before = Describe::of( $args );
		$outcomes = array();
		foreach ( array( 'native' => $native, 'fallback' => $fallback ) as $impl => $callable ) {
			if ( null === $callable ) {
				continue;
			}
			$this->bump( 'calls', "$name/$impl" );
			if ( $this->trace ) {
				fwrite( STDERR, "call $name/$impl with " . count( $args ) . ' arguments: ' . Describe::summary( $args, 2000 ) . "\n" );
			}
			[ $outcome, $notices ] = $this->call( $callable, $args );
			$this->bump( str_starts_with( $outcome, 'ok ' ) ? 'returned' : 'threw', "$name/$impl" );
			if ( null !== $notices ) {
				$this->finding( 'notices', "$name/$impl", $i, $notices );
			}
			if ( null !== $before && ! $this->gen->reentrant && Describe::of( $args ) !== $before ) {
				$this->finding( 'mutations', "$name/$impl", $i, 'the call changed its arguments: ' . Describe::summary( $args ) );
			}
			$outcomes[ $impl ] = $outcome;
		}
		$count = count( $args );
		if ( $this->gen->reentrant ) {
			$this->bump( 'reentrant', $name );
		} elseif ( 2 === count( $outcomes ) && $count >= $min && $count <= $max ) {
			$this->bump( 'compared', $name );
			$known = $outcomes['native'] !== $outcomes['fallback'] ? self::known_mismatch( $name, $outcomes['native'], $outcomes['fallback'] ) : null;
			if ( null !== $known ) {
				$this->bump( 'known', $name );
				$this->stats['known_kinds'][ $known ] = ( $this->stats['known_kinds'][ $known ] ?? 0 ) + 1;
			} elseif ( $outcomes['native'] !== $outcomes['fallback'] ) {
				if ( $this->trace ) {
					fwrite( STDERR, "MISMATCH\n  native:   {$outcomes['native']}\n  fallback: {$outcomes['fallback']}\n" );
				}
				$this->finding(
					'mismatches',
					$name,
					$i,
					'args: ' . Describe::summary( $args, 600 ) . "\n  native:   " . substr( $outcomes['native'], 0, 600 ) . "\n  fallback: " . substr( $outcomes['fallback'], 0, 600 )
				);
			}
		}
		if ( 'validate' === $name && null !== $fallback && ! $this->gen->reentrant ) {
			$this->check_core_verdict( $args, $i );
		}
		unset( $args, $outcomes );
		foreach ( $this->gen->resources as $r ) {
			if ( is_resource( $r ) ) {
				fclose( $r );
			}
		}
		$this->gen->resources = array();
		gc_collect_cycles();
		++$this->stats['iterations'];
	}

	/**
	 * Mismatches already reported (with a reproduction) and not yet fixed, by name, with what
	 * they are; each has a recogniser in known_mismatch().
	 */
	public const KNOWN = array(
		'strict-schema-message' => 'a wording difference, not a verdict: the strict profile\'s "not valid JSON Schema" message carries the jsonschema crate\'s detail natively, a shorter text in the fallback',
	);

	/** The KNOWN entry a mismatch is an instance of, or null. */
	private static function known_mismatch( string $name, string $native, string $fallback ): ?string {
		if ( 'validate' !== $name ) {
			return null;
		}
		$schema_entry = '/^ok \[0=>\["path"=>s"","keyword"=>s"schema","message"=>/';
		if ( preg_match( $schema_entry, $native ) && preg_match( $schema_entry, $fallback ) ) {
			// one `schema` violation each: only their messages differ (the standard profile's are
			// compared without messages), and a long message is shown hashed
			if ( 1 === substr_count( $native, '"keyword"=>' ) && 1 === substr_count( $fallback, '"keyword"=>' ) ) {
				return 'strict-schema-message';
			}
		}
		return null;
	}

	public static function iteration_seed( int $seed, int $i ): int {
		return (int) hexdec( substr( md5( "$seed/$i" ), 0, 7 ) );
	}
}
