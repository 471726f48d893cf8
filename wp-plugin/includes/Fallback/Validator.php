<?php
/**
 * Pure-PHP mirror of src/core/validate/ (the `standard` and `strict` profiles), function by
 * function: the plugin behaves the same with and without the extension, including the list of
 * every violation with its JSON Pointer path, keyword and message.
 *
 * `standard` gives the verdict of WordPress core's rest_validate_value_from_schema(); where core
 * returns the first error, this collects all of them (a failed type check still stops its own
 * node, as in core). `strict` is a draft 2020-12 subset on the JSON types as sent.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class Validator {
	private const MAX_DEPTH = 128;
	/** Work budget of whole-value walks per call (mod.rs WORK_BUDGET). */
	public const WORK_BUDGET = 2000000;

	/** @var list<array{path:string,keyword:string,message:string}> */
	private array $errors = array();
	/** @var list<string> JSON Pointer segments (already escaped) */
	private array $path = array();
	private bool $first_only;
	private int $depth;
	private string $prefix;

	private function __construct( bool $first_only, int $depth = 0, string $prefix = '' ) {
		$this->first_only = $first_only;
		$this->depth      = $depth;
		$this->prefix     = $prefix;
	}

	/**
	 * @param mixed $value
	 * @return list<array{path:string,keyword:string,message:string}>
	 */
	public static function validate( $value, array $schema, string $profile = 'standard' ): array {
		if ( 'strict' === $profile ) {
			return self::capped( StrictValidator::validate( $value, $schema ) );
		}
		if ( 'standard' !== $profile ) {
			throw new \ValueError( sprintf( 'McpNative\\validate(): Argument #3 ($profile) must be "standard" or "strict", "%s" given', $profile ) );
		}
		$node = self::compile( $schema );
		if ( is_string( $node ) ) {
			return array( array( 'path' => '', 'keyword' => 'schema', 'message' => $node ) );
		}
		$v = new self( false );
		try {
			$v->value( $value, $node );
		} catch ( ValidatorStop $e ) {
			// only in first-error mode
		}
		return self::capped( $v->errors );
	}

	/** Most violations listed (McpNative\MAX_VIOLATIONS in the extension). */
	public const MAX_VIOLATIONS = 100;

	/** The first MAX_VIOLATIONS violations, then one `truncated` entry with the total. */
	private static function capped( array $errors ): array {
		$total = count( $errors );
		if ( $total <= self::MAX_VIOLATIONS ) {
			return $errors;
		}
		$list   = array_slice( $errors, 0, self::MAX_VIOLATIONS );
		$list[] = array( 'path' => '', 'keyword' => 'truncated', 'message' => sprintf( '%d violations in total; the first %d are listed', $total, self::MAX_VIOLATIONS ) );
		return $list;
	}

	// -----------------------------------------------------------------------------------------
	// Compilation (schema.rs): the keywords as core reads them, isset()/empty() applied once.
	// -----------------------------------------------------------------------------------------

	/**
	 * Compiles a schema for one validation. Unlike the extension, the fallback keeps no cache: any
	 * key PHP could compute cheaply (json_encode, serialize) recurses in C over the whole schema,
	 * calls jsonSerialize() and crashes the process on deep or endless values, which is exactly
	 * what the compile itself guards against.
	 *
	 * @return array|string the node, or an error message for an unusable schema
	 */
	private static function compile( array $schema ) {
		try {
			return self::node( $schema, null, 0 );
		} catch ( \LengthException $e ) {
			return sprintf( 'The schema is nested deeper than %d levels.', self::MAX_DEPTH );
		}
	}

	/** Annotation keywords of schema nodes: no profile reads their values. */
	public const ANNOTATIONS = array( 'description', 'title', 'default', 'examples', '$comment', 'readonly', 'readOnly', 'writeOnly', 'context', 'arg_options', 'deprecated' );

	/**
	 * Where a member of a schema node sits (mod.rs `member_ctx`): 's' schema, 'm' map of schemas,
	 * 'l' list of schemas, 'd' data, null for an annotation (skipped).
	 */
	public static function member_ctx( string $key ): ?string {
		if ( in_array( $key, self::ANNOTATIONS, true ) ) {
			return null;
		}
		if ( in_array( $key, array( 'properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas' ), true ) ) {
			return 'm';
		}
		if ( in_array( $key, array( 'anyOf', 'oneOf', 'allOf', 'prefixItems' ), true ) ) {
			return 'l';
		}
		if ( in_array( $key, array( 'items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems', 'unevaluatedItems', 'unevaluatedProperties' ), true ) ) {
			return 's';
		}
		return 'd';
	}

	/** @param mixed $s */
	private static function node( $s, ?array $inherit_type, int $depth ): array {
		if ( ! is_array( $s ) ) {
			$n = self::accept_all();
			if ( null !== $inherit_type ) {
				$n['ty'] = $inherit_type;
			}
			return $n;
		}
		if ( $depth >= self::MAX_DEPTH ) {
			throw new \LengthException( 'too deep' );
		}
		$n = self::accept_all();
		if ( ! isset( $s['type'] ) ) {
			$n['ty'] = $inherit_type ?? array( 'missing' );
		} elseif ( is_string( $s['type'] ) ) {
			$n['ty'] = array( 'one', $s['type'] );
		} elseif ( is_array( $s['type'] ) ) {
			$list = array();
			foreach ( $s['type'] as $t ) {
				$list[] = is_string( $t ) ? $t : ( is_int( $t ) ? (string) $t : '?' );
			}
			$n['ty'] = array( 'list', $list );
		} elseif ( true === $s['type'] ) {
			$n['ty'] = array( 'loose_true' );
		} else {
			$n['ty'] = array( 'other' );
		}
		$parent_ty = 'missing' === $n['ty'][0] ? null : $n['ty'];
		foreach ( array( 'anyOf' => 'any_of', 'oneOf' => 'one_of' ) as $kw => $slot ) {
			if ( isset( $s[ $kw ] ) ) {
				$branches = array();
				if ( is_array( $s[ $kw ] ) ) {
					foreach ( $s[ $kw ] as $b ) {
						$branches[] = self::node( $b, $parent_ty, $depth + 1 );
					}
				}
				$n[ $slot ] = $branches;
			}
		}
		if ( isset( $s['properties'] ) ) {
			$n['has_properties'] = true;
			if ( is_array( $s['properties'] ) ) {
				foreach ( $s['properties'] as $k => $p ) {
					$n['properties'][ $k ] = null === $p ? null : self::node( $p, null, $depth + 1 );
				}
			}
		}
		if ( isset( $s['required'] ) && is_array( $s['required'] ) ) {
			foreach ( $s['required'] as $name ) {
				if ( is_string( $name ) || is_int( $name ) ) {
					$n['required'][] = $name;
				} elseif ( is_bool( $name ) || is_float( $name ) ) {
					$n['required'][] = (int) $name;
				} elseif ( null === $name ) {
					$n['required'][] = '';
				}
			}
		} elseif ( $n['has_properties'] && is_array( $s['properties'] ) ) {
			foreach ( $s['properties'] as $k => $p ) {
				if ( is_array( $p ) && isset( $p['required'] ) && true === $p['required'] ) {
					$n['required'][] = $k;
				}
			}
		}
		if ( isset( $s['patternProperties'] ) && is_array( $s['patternProperties'] ) ) {
			foreach ( $s['patternProperties'] as $pattern => $p ) {
				$n['pattern_properties'][] = array( (string) $pattern, null === $p ? null : self::node( $p, null, $depth + 1 ) );
			}
		}
		if ( isset( $s['additionalProperties'] ) ) {
			if ( false === $s['additionalProperties'] ) {
				$n['additional'] = false;
			} elseif ( is_array( $s['additionalProperties'] ) ) {
				$n['additional'] = self::node( $s['additionalProperties'], null, $depth + 1 );
			}
		}
		foreach ( array( 'minProperties' => 'min_properties', 'maxProperties' => 'max_properties', 'minItems' => 'min_items', 'maxItems' => 'max_items', 'minimum' => 'minimum', 'maximum' => 'maximum', 'minLength' => 'min_length', 'maxLength' => 'max_length' ) as $kw => $slot ) {
			if ( isset( $s[ $kw ] ) ) {
				$n[ $slot ] = $s[ $kw ];
			}
		}
		if ( isset( $s['items'] ) ) {
			$n['items_nonempty'] = ! empty( $s['items'] );
			$n['items']          = self::node( $s['items'], null, $depth + 1 );
		}
		$n['unique_items']      = ! empty( $s['uniqueItems'] );
		$n['exclusive_minimum'] = ! empty( $s['exclusiveMinimum'] );
		$n['exclusive_maximum'] = ! empty( $s['exclusiveMaximum'] );
		if ( isset( $s['multipleOf'] ) ) {
			$m                 = $s['multipleOf'];
			$n['multiple_of'] = is_int( $m ) || is_float( $m ) ? (float) $m : ( is_numeric( $m ) ? (float) $m : ( is_bool( $m ) ? (float) $m : NAN ) );
		}
		if ( isset( $s['pattern'] ) ) {
			$p            = $s['pattern'];
			$n['pattern'] = is_string( $p ) ? $p : ( is_bool( $p ) ? ( $p ? '1' : '' ) : ( is_scalar( $p ) ? self::scalar_string( $p ) : '' ) );
		}
		if ( array_key_exists( 'enum', $s ) && ! empty( $s['enum'] ) ) {
			$n['enum'] = is_array( $s['enum'] ) ? array_values( $s['enum'] ) : array();
		}
		if ( isset( $s['format'] ) ) {
			$f           = $s['format'];
			$n['format'] = is_string( $f ) ? $f : ( true === $f ? 'hex-color' : '' );
		}
		return $n;
	}

	private static function accept_all(): array {
		return array(
			'ty'                 => array( 'missing' ),
			'any_of'             => null,
			'one_of'             => null,
			'properties'         => array(),
			'has_properties'     => false,
			'required'           => array(),
			'pattern_properties' => array(),
			'additional'         => null,
			'min_properties'     => null,
			'max_properties'     => null,
			'items'              => null,
			'items_nonempty'     => false,
			'min_items'          => null,
			'max_items'          => null,
			'unique_items'       => false,
			'minimum'            => null,
			'maximum'            => null,
			'exclusive_minimum'  => false,
			'exclusive_maximum'  => false,
			'multiple_of'        => null,
			'min_length'         => null,
			'max_length'         => null,
			'pattern'            => null,
			'enum'               => null,
			'format'             => null,
		);
	}

	private static function ty_is_set( array $ty ): bool {
		return 'missing' !== $ty[0];
	}

	// -----------------------------------------------------------------------------------------
	// Evaluation (standard.rs)
	// -----------------------------------------------------------------------------------------

	private function pointer(): string {
		$s = $this->prefix;
		foreach ( $this->path as $seg ) {
			$s .= '/' . $seg;
		}
		return $s;
	}

	private function who(): string {
		$p = $this->pointer();
		return '' === $p ? 'value' : $p;
	}

	private static function escape( $key ): string {
		$s = is_int( $key ) ? (string) $key : self::lossy( (string) $key );
		return str_replace( array( '~', '/' ), array( '~0', '~1' ), $s );
	}

	/** String as Rust's String::from_utf8_lossy shows it (maximal invalid subparts → U+FFFD). */
	public static function lossy( string $s ): string {
		if ( preg_match( '//u', $s ) ) {
			return $s;
		}
		$out = '';
		$len = strlen( $s );
		$i   = 0;
		while ( $i < $len ) {
			$b = ord( $s[ $i ] );
			if ( $b < 0x80 ) {
				$out .= $s[ $i++ ];
				continue;
			}
			if ( $b >= 0xC2 && $b <= 0xDF ) {
				$need = 1;
				$lo   = 0x80;
				$hi   = 0xBF;
			} elseif ( $b >= 0xE0 && $b <= 0xEF ) {
				$need = 2;
				$lo   = 0xE0 === $b ? 0xA0 : 0x80;
				$hi   = 0xED === $b ? 0x9F : 0xBF;
			} elseif ( $b >= 0xF0 && $b <= 0xF4 ) {
				$need = 3;
				$lo   = 0xF0 === $b ? 0x90 : 0x80;
				$hi   = 0xF4 === $b ? 0x8F : 0xBF;
			} else {
				$out .= "\u{FFFD}";
				++$i;
				continue;
			}
			$j = $i + 1;
			$k = 0;
			while ( $k < $need && $j < $len ) {
				$c = ord( $s[ $j ] );
				if ( 0 === $k ? ( $c < $lo || $c > $hi ) : ( $c < 0x80 || $c > 0xBF ) ) {
					break;
				}
				++$j;
				++$k;
			}
			$out .= $k === $need ? substr( $s, $i, $need + 1 ) : "\u{FFFD}";
			$i    = $j;
		}
		return $out;
	}

	/** @param callable(string):string $message */
	private function fail( string $keyword, callable $message ): void {
		if ( $this->first_only ) {
			throw new ValidatorStop();
		}
		$path           = $this->pointer();
		$this->errors[] = array( 'path' => $path, 'keyword' => $keyword, 'message' => $message( '' === $path ? 'value' : $path ) );
	}

	private function fail_child( $name, string $keyword, callable $message ): void {
		if ( $this->first_only ) {
			throw new ValidatorStop();
		}
		$parent         = $this->who();
		$path           = $this->pointer() . '/' . self::escape( $name );
		$this->errors[] = array( 'path' => $path, 'keyword' => $keyword, 'message' => $message( $parent ) );
	}

	/** @param mixed $v */
	private function matches( $v, array $n ): bool {
		$saved            = $this->first_only;
		$this->first_only = true;
		try {
			$this->value( $v, $n );
			return true;
		} catch ( ValidatorStop $e ) {
			return false;
		} finally {
			$this->first_only = $saved;
		}
	}

	/** rest_validate_value_from_schema. @param mixed $v */
	private function value( $v, array $n ): void {
		$eff = $n['ty'];
		if ( null !== $n['any_of'] ) {
			$m = null;
			foreach ( $n['any_of'] as $b ) {
				if ( $this->matches( $v, $b ) ) {
					$m = $b;
					break;
				}
			}
			if ( null === $m ) {
				$this->fail( 'anyOf', static fn( $w ) => "$w does not match any of the expected formats." );
				return;
			}
			if ( ! self::ty_is_set( $eff ) && self::ty_is_set( $m['ty'] ) ) {
				$eff = $m['ty'];
			}
		}
		if ( null !== $n['one_of'] ) {
			$m     = null;
			$count = 0;
			foreach ( $n['one_of'] as $b ) {
				if ( $this->matches( $v, $b ) ) {
					++$count;
					$m = $m ?? $b;
				}
			}
			if ( 0 === $count ) {
				$this->fail( 'oneOf', static fn( $w ) => "$w does not match any of the expected formats." );
				return;
			}
			if ( $count > 1 ) {
				$this->fail( 'oneOf', static fn( $w ) => "$w matches more than one of the expected formats." );
				return;
			}
			if ( ! self::ty_is_set( $eff ) && self::ty_is_set( $m['ty'] ) ) {
				$eff = $m['ty'];
			}
		}
		$single = null;
		switch ( $eff[0] ) {
			case 'list':
				$single = self::best_type( $v, $eff[1] );
				if ( null === $single ) {
					$names = implode( ',', array_map( array( self::class, 'lossy' ), $eff[1] ) );
					$this->fail( 'type', static fn( $w ) => "$w is not of type $names." );
					return;
				}
				break;
			case 'one':
				$single = $eff[1];
				break;
			case 'loose_true':
				$single = 'null';
				break;
		}
		if ( null !== $single ) {
			$type_ok = true;
			switch ( $single ) {
				case 'null':
					if ( null !== $v ) {
						$this->fail( 'type', static fn( $w ) => "$w is not of type null." );
						$type_ok = false;
					}
					break;
				case 'boolean':
					if ( ! self::is_boolean( $v ) ) {
						$this->fail( 'type', static fn( $w ) => "$w is not of type boolean." );
						$type_ok = false;
					}
					break;
				case 'object':
					$type_ok = $this->object( $v, $n );
					break;
				case 'array':
					$type_ok = $this->array_( $v, $n );
					break;
				case 'number':
					$type_ok = $this->number( $v, $n, 'number' );
					break;
				case 'integer':
					$type_ok = $this->number( $v, $n, 'integer' );
					if ( $type_ok && ! self::is_integer( $v ) ) {
						$this->fail( 'type', static fn( $w ) => "$w is not of type integer." );
						$type_ok = false;
					}
					break;
				case 'string':
					$type_ok = $this->string( $v, $n );
					break;
			}
			if ( ! $type_ok ) {
				return;
			}
		}
		$eff_s = ( 'list' === $eff[0] && null !== $single ) ? array( 'one', $single ) : $eff;
		if ( null !== $n['enum'] ) {
			$ok = false;
			try {
				$s = self::sanitize( $v, $n, $eff_s, $this->depth );
				foreach ( $n['enum'] as $m ) {
					if ( self::values_equal( $s, $m ) ) {
						$ok = true;
						break;
					}
				}
			} catch ( ValidatorStop $e ) {
				$ok = false;
			}
			if ( ! $ok ) {
				$members = $n['enum'];
				$list    = implode( ', ', array_map( array( self::class, 'display_enum_member' ), $members ) );
				$this->fail(
					'enum',
					static fn( $w ) => 1 === count( $members ) ? "$w is not $list." : "$w is not one of $list."
				);
			}
		}
		if ( null !== $n['format'] && self::format_applies( $eff_s ) ) {
			$this->format( $v, $n['format'] );
		}
	}

	private static function format_applies( array $t ): bool {
		switch ( $t[0] ) {
			case 'missing':
			case 'loose_true':
			case 'other':
				return true;
			case 'one':
				return 'string' === $t[1] || ! in_array( $t[1], array( 'array', 'object', 'string', 'number', 'integer', 'boolean', 'null' ), true );
			default:
				return false;
		}
	}

	/** @param mixed $v */
	private function format( $v, string $f ): void {
		if ( is_array( $v ) || is_object( $v ) ) {
			$s = '';
		} else {
			$s = is_string( $v ) ? $v : self::scalar_string( $v );
		}
		switch ( $f ) {
			case 'hex-color':
				if ( ! self::is_hex_color( $s ) ) {
					$this->fail( 'format', static fn( $w ) => "$w is not a valid hex color." );
				}
				break;
			case 'date-time':
				if ( ! self::is_rest_date( $s ) ) {
					$this->fail( 'format', static fn( $w ) => "$w is not a valid date." );
				}
				break;
			case 'email':
				if ( ! self::is_email( $s ) ) {
					$this->fail( 'format', static fn( $w ) => "$w is not a valid email address." );
				}
				break;
			case 'ip':
				if ( ! self::is_ip( $s ) ) {
					$this->fail( 'format', static fn( $w ) => "$w is not a valid IP address." );
				}
				break;
			case 'uuid':
				if ( ! ( is_string( $v ) && self::is_uuid( $s ) ) ) {
					$this->fail( 'format', static fn( $w ) => "$w is not a valid UUID." );
				}
				break;
		}
	}

	/** @param mixed $v */
	private function enter( $v ): bool {
		if ( $this->depth + count( $this->path ) >= self::MAX_DEPTH ) {
			$this->fail( 'depth', static fn( $w ) => "$w is nested deeper than " . self::MAX_DEPTH . ' levels.' );
			return false;
		}
		return true;
	}

	/** rest_validate_object_value_from_schema. @param mixed $v */
	private function object( $v, array $n ): bool {
		if ( ! self::is_object( $v ) ) {
			$this->fail( 'type', static fn( $w ) => "$w is not of type object." );
			return false;
		}
		if ( '' === $v ) {
			$entries = array();
		} else {
			if ( ! $this->enter( $v ) ) {
				return false;
			}
			$entries = $v instanceof \stdClass ? (array) $v : $v;
		}
		foreach ( $n['required'] as $name ) {
			if ( ! array_key_exists( $name, $entries ) ) {
				$shown = self::lossy( (string) $name );
				$this->fail_child( $name, 'required', static fn( $parent ) => "$shown is a required property of $parent." );
			}
		}
		$count = 0;
		foreach ( $entries as $key => $child ) {
			++$count;
			if ( isset( $n['properties'][ $key ] ) ) {
				$this->path[] = self::escape( $key );
				try {
					$this->value( $child, $n['properties'][ $key ] );
				} finally {
					array_pop( $this->path );
				}
				continue;
			}
			if ( $n['pattern_properties'] ) {
				$handled = false;
				foreach ( $n['pattern_properties'] as [ $pattern, $ps ] ) {
					if ( self::pattern_match( $pattern, (string) $key ) ) {
						if ( null !== $ps ) {
							$this->path[] = self::escape( $key );
							try {
								$this->value( $child, $ps );
							} finally {
								array_pop( $this->path );
							}
							$handled = true;
						}
						break;
					}
				}
				if ( $handled ) {
					continue;
				}
			}
			if ( false === $n['additional'] ) {
				$name         = self::lossy( (string) $key );
				$this->path[] = self::escape( $key );
				try {
					$this->fail( 'additionalProperties', static fn( $w ) => "$name is not a valid property of Object." );
				} finally {
					array_pop( $this->path );
				}
			} elseif ( is_array( $n['additional'] ) ) {
				$this->path[] = self::escape( $key );
				try {
					$this->value( $child, $n['additional'] );
				} finally {
					array_pop( $this->path );
				}
			}
		}
		if ( null !== $n['min_properties'] && self::lt( $count, $n['min_properties'] ) ) {
			$m = self::display( $n['min_properties'] );
			$this->fail( 'minProperties', static fn( $w ) => "$w must contain at least $m properties." );
		}
		if ( null !== $n['max_properties'] && self::gt( $count, $n['max_properties'] ) ) {
			$m = self::display( $n['max_properties'] );
			$this->fail( 'maxProperties', static fn( $w ) => "$w must contain at most $m properties." );
		}
		return true;
	}

	/** rest_validate_array_value_from_schema. @param mixed $v */
	private function array_( $v, array $n ): bool {
		if ( ! self::is_array( $v ) ) {
			$this->fail( 'type', static fn( $w ) => "$w is not of type array." );
			return false;
		}
		if ( is_array( $v ) ) {
			if ( ! $this->enter( $v ) ) {
				return false;
			}
			$this->array_body( $v, $n );
			return true;
		}
		$list = self::parse_list( self::scalar_string( $v ) );
		$sub  = new self( $this->first_only, $this->depth + count( $this->path ), $this->pointer() );
		try {
			$sub->array_body( $list, $n );
		} finally {
			array_push( $this->errors, ...$sub->errors );
		}
		return true;
	}

	private function array_body( array $v, array $n ): void {
		if ( null !== $n['items'] ) {
			foreach ( $v as $key => $child ) {
				$this->path[] = self::escape( $key );
				try {
					$this->value( $child, $n['items'] );
				} finally {
					array_pop( $this->path );
				}
			}
		}
		$count = count( $v );
		if ( null !== $n['min_items'] && self::lt( $count, $n['min_items'] ) ) {
			$m = self::display( $n['min_items'] );
			$this->fail( 'minItems', static fn( $w ) => "$w must contain at least $m items." );
		}
		if ( null !== $n['max_items'] && self::gt( $count, $n['max_items'] ) ) {
			$m = self::display( $n['max_items'] );
			$this->fail( 'maxItems', static fn( $w ) => "$w must contain at most $m items." );
		}
		$unique = $n['unique_items'] ? self::unique( $v ) : true;
		if ( false === $unique ) {
			$this->fail( 'uniqueItems', static fn( $w ) => "$w has duplicate items." );
		} elseif ( null === $unique ) {
			$this->fail( 'uniqueItems', static fn( $w ) => "$w has items that are too large or nested too deeply to compare, so they cannot be shown to be unique." );
		}
	}

	/** rest_validate_number_value_from_schema. @param mixed $v */
	private function number( $v, array $n, string $type_name ): bool {
		if ( ! is_numeric( $v ) || is_bool( $v ) ) {
			$this->fail( 'type', static fn( $w ) => "$w is not of type $type_name." );
			return false;
		}
		$x = is_string( $v ) ? 0 + $v : $v;
		if ( null !== $n['multiple_of'] ) {
			$m = $n['multiple_of'];
			if ( fmod( (float) $x, $m ) !== 0.0 ) {
				$ms = ( floor( $m ) === $m && abs( $m ) < 1e15 ) ? (string) (int) $m : self::float_string( $m );
				$this->fail( 'multipleOf', static fn( $w ) => "$w must be a multiple of $ms." );
			}
		}
		if ( null !== $n['minimum'] ) {
			$min = $n['minimum'];
			$bad = $n['exclusive_minimum'] ? self::le( $x, $min ) : self::lt( $x, $min );
			if ( $bad ) {
				$m = self::display( $min );
				if ( $n['exclusive_minimum'] ) {
					$this->fail( 'exclusiveMinimum', static fn( $w ) => "$w must be greater than $m." );
				} else {
					$this->fail( 'minimum', static fn( $w ) => "$w must be greater than or equal to $m." );
				}
			}
		}
		if ( null !== $n['maximum'] ) {
			$max = $n['maximum'];
			$bad = $n['exclusive_maximum'] ? self::ge( $x, $max ) : self::gt( $x, $max );
			if ( $bad ) {
				$m = self::display( $max );
				if ( $n['exclusive_maximum'] ) {
					$this->fail( 'exclusiveMaximum', static fn( $w ) => "$w must be less than $m." );
				} else {
					$this->fail( 'maximum', static fn( $w ) => "$w must be less than or equal to $m." );
				}
			}
		}
		return true;
	}

	/** rest_validate_string_value_from_schema. @param mixed $v */
	private function string( $v, array $n ): bool {
		if ( ! is_string( $v ) ) {
			$this->fail( 'type', static fn( $w ) => "$w is not of type string." );
			return false;
		}
		if ( null !== $n['min_length'] || null !== $n['max_length'] ) {
			$len = self::mb_strlen( $v );
			if ( null !== $n['min_length'] && self::lt( $len, $n['min_length'] ) ) {
				$m = self::display( $n['min_length'] );
				$this->fail( 'minLength', static fn( $w ) => "$w must be at least $m characters long." );
			}
			if ( null !== $n['max_length'] && self::gt( $len, $n['max_length'] ) ) {
				$m = self::display( $n['max_length'] );
				$this->fail( 'maxLength', static fn( $w ) => "$w must be at most $m characters long." );
			}
		}
		if ( null !== $n['pattern'] && ! self::pattern_match( $n['pattern'], $v ) ) {
			$src = self::lossy( $n['pattern'] );
			$this->fail( 'pattern', static fn( $w ) => "$w does not match pattern $src." );
		}
		return true;
	}

	// -----------------------------------------------------------------------------------------
	// PHP / WordPress primitives (php.rs)
	// -----------------------------------------------------------------------------------------

	/** @param mixed $v */
	private static function is_integer( $v ): bool {
		if ( is_int( $v ) ) {
			return true;
		}
		if ( is_float( $v ) ) {
			return floor( $v ) === $v;
		}
		if ( is_string( $v ) ) {
			if ( preg_match( '/^[ \t\n\r\v\f]*[+-]?[0-9]+[ \t\n\r\v\f]*$/D', $v ) ) {
				return true;
			}
			if ( ! is_numeric( $v ) ) {
				return false;
			}
			$f = (float) $v;
			return floor( $f ) === $f;
		}
		return false;
	}

	/** @param mixed $v */
	private static function is_boolean( $v ): bool {
		if ( is_bool( $v ) ) {
			return true;
		}
		if ( is_string( $v ) ) {
			return in_array( strtolower( $v ), array( 'false', 'true', '0', '1' ), true );
		}
		if ( is_int( $v ) ) {
			return 0 === $v || 1 === $v;
		}
		return false;
	}

	/** rest_is_object (JsonSerializable objects count as non-objects, as in the extension). */
	private static function is_object( $v ): bool {
		return '' === $v || $v instanceof \stdClass || is_array( $v );
	}

	/** rest_is_array. */
	private static function is_array( $v ): bool {
		if ( is_scalar( $v ) ) {
			return true;
		}
		if ( ! is_array( $v ) ) {
			return false;
		}
		foreach ( $v as $k => $unused ) {
			if ( is_string( $k ) ) {
				return false;
			}
		}
		return true;
	}

	/** (string) $scalar. */
	private static function scalar_string( $v ): string {
		if ( is_float( $v ) ) {
			return self::float_string( $v );
		}
		if ( is_bool( $v ) ) {
			return $v ? '1' : '';
		}
		return (string) $v;
	}

	/** (string) $float with precision 14, independent of the ini setting. */
	/** (string) $float with precision 14, independent of the ini setting. */
	public static function float_string_public( float $f ): string {
		return self::float_string( $f );
	}

	private static function float_string( float $f ): string {
		if ( is_nan( $f ) ) {
			return 'NAN';
		}
		if ( is_infinite( $f ) ) {
			return $f > 0 ? 'INF' : '-INF';
		}
		if ( 0.0 === $f ) {
			return fdiv( 1.0, $f ) < 0 ? '-0' : '0';
		}
		$e = sprintf( '%.13e', abs( $f ) );
		[ $mant, $exp ] = explode( 'e', $e );
		$exp    = (int) $exp;
		$digits = rtrim( str_replace( '.', '', $mant ), '0' );
		if ( '' === $digits ) {
			$digits = '0';
		}
		$decpt = $exp + 1;
		$neg   = $f < 0 ? '-' : '';
		if ( $decpt < -3 || $decpt > 14 ) {
			$first = $digits[0];
			$rest  = substr( $digits, 1 );
			$rest  = '' === $rest ? '0' : $rest;
			$sign  = $decpt - 1 < 0 ? '-' : '+';
			return $neg . $first . '.' . $rest . 'E' . $sign . abs( $decpt - 1 );
		}
		if ( $decpt <= 0 ) {
			return $neg . '0.' . str_repeat( '0', -$decpt ) . $digits;
		}
		if ( strlen( $digits ) <= $decpt ) {
			return $neg . $digits . str_repeat( '0', $decpt - strlen( $digits ) );
		}
		return $neg . substr( $digits, 0, $decpt ) . '.' . substr( $digits, $decpt );
	}

	/** wp_parse_list( $string ) as a list. */
	private static function parse_list( string $s ): array {
		$parts = preg_split( '/[\s,]+/', $s, -1, PREG_SPLIT_NO_EMPTY );
		return is_array( $parts ) ? array_values( $parts ) : array();
	}

	/** mb_strlen by UTF-8 lead byte (PHP 8.2's count for any byte string). */
	private static function mb_strlen( string $s ): int {
		$n   = 0;
		$len = strlen( $s );
		for ( $i = 0; $i < $len; ++$n ) {
			$b  = ord( $s[ $i ] );
			$i += $b >= 0xF8 ? 1 : ( $b >= 0xF0 ? 4 : ( $b >= 0xE0 ? 3 : ( $b >= 0xC0 ? 2 : 1 ) ) );
		}
		return $n;
	}

	/** PHP 8 `$num <=> $schema_value` (null when NaN is involved). @param int|float $a */
	private static function cmp( $a, $b ): ?int {
		if ( is_int( $b ) || is_float( $b ) ) {
			if ( is_float( $a ) && is_nan( $a ) || is_float( $b ) && is_nan( $b ) ) {
				return null;
			}
			return $a <=> $b;
		}
		if ( is_string( $b ) ) {
			if ( is_numeric( $b ) ) {
				return self::cmp( $a, 0 + $b );
			}
			$left = is_float( $a ) ? self::float_string( $a ) : (string) $a;
			return strcmp( $left, $b ) <=> 0;
		}
		if ( is_bool( $b ) || null === $b ) {
			return ( 0 != $a ) <=> (bool) $b; // phpcs:ignore Universal.Operators.StrictComparisons
		}
		return -1;
	}

	private static function lt( $a, $b ): bool {
		return -1 === self::cmp( $a, $b );
	}
	private static function gt( $a, $b ): bool {
		return 1 === self::cmp( $a, $b );
	}
	private static function le( $a, $b ): bool {
		$c = self::cmp( $a, $b );
		return -1 === $c || 0 === $c;
	}
	private static function ge( $a, $b ): bool {
		$c = self::cmp( $a, $b );
		return 1 === $c || 0 === $c;
	}

	/** A schema value as messages print it. */
	private static function display( $v ): string {
		if ( null === $v ) {
			return 'null';
		}
		if ( is_bool( $v ) ) {
			return $v ? 'true' : 'false';
		}
		if ( is_float( $v ) ) {
			return self::float_string( $v );
		}
		if ( is_array( $v ) ) {
			return 'array';
		}
		if ( is_object( $v ) ) {
			return 'object';
		}
		return self::lossy( (string) $v );
	}

	private static function display_enum_member( $v ): string {
		return is_string( $v ) ? '"' . self::lossy( $v ) . '"' : self::display( $v );
	}

	/** rest_validate_json_schema_pattern. */
	private static function pattern_match( string $pattern, string $subject ): bool {
		$escaped = str_replace( '#', '\\#', $pattern );
		return 1 === @preg_match( '#' . $escaped . '#u', $subject ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
	}

	private static function is_hex_color( string $s ): bool {
		return 1 === preg_match( '|^#([A-Fa-f0-9]{3}){1,2}$|', $s );
	}

	private static function is_uuid( string $s ): bool {
		return 1 === preg_match( '/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/', $s );
	}

	/** rest_parse_date( $s ) !== false */
	private static function is_rest_date( string $s ): bool {
		if ( ! preg_match( '#^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::\d{2})?)?$#', $s ) ) {
			return false;
		}
		return false !== strtotime( $s );
	}

	/** rest_is_ip_address */
	private static function is_ip( string $s ): bool {
		if ( preg_match( '/^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)$/', $s ) ) {
			return true;
		}
		return self::check_ipv6( $s );
	}

	/** WpOrg\Requests\Ipv6::check_ipv6 (negative fills, which throw there, are invalid). */
	private static function check_ipv6( string $ip ): bool {
		if ( 1 === substr_count( $ip, '::' ) ) {
			[ $ip1, $ip2 ] = explode( '::', $ip );
			$c1            = '' === $ip1 ? -1 : substr_count( $ip1, ':' );
			$c2            = '' === $ip2 ? -1 : substr_count( $ip2, ':' );
			if ( false !== strpos( $ip2, '.' ) ) {
				++$c2;
			}
			if ( -1 === $c1 && -1 === $c2 ) {
				$ip = '0:0:0:0:0:0:0:0';
			} elseif ( -1 === $c1 ) {
				if ( 7 - $c2 < 0 ) {
					return false;
				}
				$ip = str_replace( '::', str_repeat( '0:', 7 - $c2 ), $ip );
			} elseif ( -1 === $c2 ) {
				if ( 7 - $c1 < 0 ) {
					return false;
				}
				$ip = str_replace( '::', str_repeat( ':0', 7 - $c1 ), $ip );
			} else {
				if ( 6 - $c2 - $c1 < 0 ) {
					return false;
				}
				$ip = str_replace( '::', ':' . str_repeat( '0:', 6 - $c2 - $c1 ), $ip );
			}
		}
		if ( false !== strpos( $ip, '.' ) ) {
			$pos  = strrpos( $ip, ':' );
			$pos  = false === $pos ? 0 : $pos;
			$ipv6 = substr( $ip, 0, $pos );
			$ipv4 = substr( $ip, $pos + 1 );
		} else {
			$ipv6 = $ip;
			$ipv4 = '';
		}
		$ipv6 = explode( ':', $ipv6 );
		$ipv4 = explode( '.', $ipv4 );
		if ( ! ( ( 8 === count( $ipv6 ) && 1 === count( $ipv4 ) ) || ( 6 === count( $ipv6 ) && 4 === count( $ipv4 ) ) ) ) {
			return false;
		}
		foreach ( $ipv6 as $part ) {
			if ( '' === $part || strlen( $part ) > 4 || ! ctype_xdigit( $part ) ) {
				return false;
			}
		}
		if ( 4 === count( $ipv4 ) ) {
			foreach ( $ipv4 as $part ) {
				$value = (int) $part;
				if ( (string) $value !== $part || $value < 0 || $value > 0xFF ) {
					return false;
				}
			}
		}
		return true;
	}

	/** is_email() without its filter. */
	private static function is_email( string $email ): bool {
		if ( strlen( $email ) < 6 ) {
			return false;
		}
		if ( false === strpos( $email, '@', 1 ) ) {
			return false;
		}
		[ $local, $domain ] = explode( '@', $email, 2 );
		if ( ! preg_match( '/^[a-zA-Z0-9!#$%&\'*+\/=?^_`{|}~\.-]+$/', $local ) ) {
			return false;
		}
		if ( preg_match( '/\.{2,}/', $domain ) ) {
			return false;
		}
		if ( trim( $domain, " \t\n\r\0\x0B." ) !== $domain ) {
			return false;
		}
		$subs = explode( '.', $domain );
		if ( 2 > count( $subs ) ) {
			return false;
		}
		foreach ( $subs as $sub ) {
			if ( trim( $sub, " \t\n\r\0\x0B-" ) !== $sub ) {
				return false;
			}
			if ( ! preg_match( '/^[a-z0-9-]+$/i', $sub ) ) {
				return false;
			}
		}
		return true;
	}

	/** rest_get_best_type_for_value + the invalid-type fallback. @param mixed $v */
	private static function best_type( $v, array $types ): ?string {
		if ( '' === $v && in_array( 'string', $types, true ) ) {
			return 'string';
		}
		foreach ( $types as $t ) {
			switch ( $t ) {
				case 'array':
					$ok = self::is_array( $v );
					break;
				case 'object':
					$ok = self::is_object( $v );
					break;
				case 'integer':
					$ok = self::is_integer( $v );
					break;
				case 'number':
					$ok = is_numeric( $v ) && ! is_bool( $v );
					break;
				case 'boolean':
					$ok = self::is_boolean( $v );
					break;
				case 'string':
					$ok = is_string( $v );
					break;
				case 'null':
					$ok = null === $v;
					break;
				default:
					$ok = false;
			}
			if ( $ok ) {
				return $t;
			}
		}
		foreach ( $types as $t ) {
			if ( ! in_array( $t, array( 'array', 'object', 'string', 'number', 'integer', 'boolean', 'null' ), true ) ) {
				return $t;
			}
		}
		return null;
	}

	// -----------------------------------------------------------------------------------------
	// uniqueItems: serialize( rest_stabilize_value() ) equality, without serialize().
	// -----------------------------------------------------------------------------------------

	/** Nodes stable_key() may still visit (reference cycles with fan-out stop here). */
	private static int $budget = 0;

	/** Deepest value nesting compared (a JSON body nests up to 512); McpNative's MAX_VALUE_DEPTH. */
	private const MAX_VALUE_DEPTH = 4096;

	/** @return bool|null null: the items could not be compared (too deep or too large) */
	private static function unique( array $items ): ?bool {
		$seen         = array();
		self::$budget = 8000000;
		foreach ( $items as $item ) {
			try {
				$key = self::stable_key( $item, 0 );
			} catch ( \LengthException $e ) {
				return null;
			}
			if ( isset( $seen[ $key ] ) ) {
				return false;
			}
			$seen[ $key ] = true;
		}
		return true;
	}

	/** @param mixed $v */
	private static function stable_key( $v, int $depth ): string {
		if ( null === $v ) {
			return 'N';
		}
		if ( is_bool( $v ) ) {
			return $v ? 'b1' : 'b0';
		}
		if ( is_int( $v ) ) {
			return 'i' . $v;
		}
		if ( is_float( $v ) ) {
			return is_nan( $v ) ? 'dNAN' : 'd' . bin2hex( pack( 'E', $v ) );
		}
		if ( is_string( $v ) ) {
			return 's' . strlen( $v ) . ':' . $v;
		}
		if ( $depth >= self::MAX_VALUE_DEPTH || --self::$budget < 0 ) {
			throw new \LengthException( 'too deep or too large to compare' );
		}
		if ( is_array( $v ) ) {
			$parts = array();
			foreach ( $v as $k => $c ) {
				$parts[] = ( is_int( $k ) ? 'i' . $k : 's' . strlen( $k ) . ':' . $k ) . '=' . self::stable_key( $c, $depth + 1 );
			}
			sort( $parts, SORT_STRING );
			return 'a{' . implode( ';', $parts ) . '}';
		}
		if ( $v instanceof \stdClass ) {
			$parts = array();
			foreach ( (array) $v as $k => $c ) {
				$parts[] = ( is_int( $k ) ? 'i' . $k : 's' . strlen( $k ) . ':' . $k ) . '=' . self::stable_key( $c, $depth + 1 );
			}
			return 'o{' . implode( ';', $parts ) . '}';
		}
		return 'X' . spl_object_id( is_object( $v ) ? $v : new \stdClass() ) . ':' . mt_rand();
	}

	// -----------------------------------------------------------------------------------------
	// Sanitization for enum (rest_sanitize_value_from_schema)
	// -----------------------------------------------------------------------------------------

	/** @param mixed $v */
	private static function verdict( $v, array $n, int $depth ): bool {
		$c = new self( true, $depth );
		try {
			$c->value( $v, $n );
			return true;
		} catch ( ValidatorStop $e ) {
			return false;
		}
	}

	/**
	 * @param mixed $v
	 * @return mixed
	 */
	private static function sanitize( $v, array $n, array $eff, int $depth ) {
		if ( $depth > self::MAX_DEPTH ) {
			throw new ValidatorStop();
		}
		if ( null !== $n['any_of'] ) {
			$m = null;
			foreach ( $n['any_of'] as $b ) {
				if ( self::verdict( $v, $b, $depth ) ) {
					$m = $b;
					break;
				}
			}
			if ( null === $m ) {
				throw new ValidatorStop();
			}
			if ( ! self::ty_is_set( $eff ) ) {
				$eff = $m['ty'];
			}
			$v = self::sanitize( $v, $m, $m['ty'], $depth + 1 );
		}
		if ( null !== $n['one_of'] ) {
			$m     = null;
			$count = 0;
			foreach ( $n['one_of'] as $b ) {
				if ( self::verdict( $v, $b, $depth ) ) {
					++$count;
					$m = $m ?? $b;
				}
			}
			if ( 1 !== $count ) {
				throw new ValidatorStop();
			}
			if ( ! self::ty_is_set( $eff ) ) {
				$eff = $m['ty'];
			}
			$v = self::sanitize( $v, $m, $m['ty'], $depth + 1 );
		}
		$t = null;
		if ( 'list' === $eff[0] ) {
			$t = self::best_type( $v, $eff[1] );
			if ( null === $t ) {
				return null;
			}
		} elseif ( 'one' === $eff[0] ) {
			$t = $eff[1];
		}
		$eff_one = null !== $t ? array( 'one', $t ) : $eff;
		switch ( $t ) {
			case 'array':
				if ( is_scalar( $v ) ) {
					$list = self::parse_list( self::scalar_string( $v ) );
				} elseif ( is_array( $v ) ) {
					$list = array_values( $v );
				} else {
					$list = array();
				}
				if ( null !== $n['items'] && $n['items_nonempty'] ) {
					foreach ( $list as $i => $item ) {
						$list[ $i ] = self::sanitize( $item, $n['items'], $n['items']['ty'], $depth + 1 );
					}
				}
				if ( $n['unique_items'] && true !== self::unique( $list ) ) {
					throw new ValidatorStop();
				}
				return $list;
			case 'object':
				$entries = $v instanceof \stdClass ? (array) $v : ( is_array( $v ) ? $v : array() );
				$out     = array();
				foreach ( $entries as $key => $c ) {
					if ( isset( $n['properties'][ $key ] ) ) {
						$ps          = $n['properties'][ $key ];
						$out[ $key ] = self::sanitize( $c, $ps, $ps['ty'], $depth + 1 );
						continue;
					}
					$done = false;
					foreach ( $n['pattern_properties'] as [ $pattern, $ps ] ) {
						if ( self::pattern_match( $pattern, (string) $key ) ) {
							if ( null !== $ps ) {
								$out[ $key ] = self::sanitize( $c, $ps, $ps['ty'], $depth + 1 );
								$done        = true;
							}
							break;
						}
					}
					if ( $done ) {
						continue;
					}
					if ( false === $n['additional'] ) {
						continue;
					}
					$out[ $key ] = is_array( $n['additional'] ) ? self::sanitize( $c, $n['additional'], $n['additional']['ty'], $depth + 1 ) : $c;
				}
				return $out;
			case 'null':
				return null;
			case 'integer':
				return is_array( $v ) ? (int) ( count( $v ) > 0 ) : ( is_object( $v ) ? 1 : self::to_int( $v ) );
			case 'number':
				return is_array( $v ) ? (float) ( count( $v ) > 0 ) : ( is_object( $v ) ? 1.0 : (float) $v );
			case 'boolean':
				if ( is_string( $v ) ) {
					return ! in_array( strtolower( $v ), array( 'false', '0', '' ), true );
				}
				return is_object( $v ) ? true : (bool) $v;
		}
		if ( null !== $n['format'] && self::format_applies( $eff_one ) ) {
			$s = ( is_array( $v ) || is_object( $v ) ) ? null : ( is_string( $v ) ? $v : self::scalar_string( $v ) );
			switch ( $n['format'] ) {
				case 'hex-color':
					return null !== $s && self::is_hex_color( $s ) ? $s : '';
				case 'date-time':
				case 'email':
				case 'ip':
				case 'uuid':
				case 'text-field':
					return null === $s ? '' : self::sanitize_text_field( $s, false );
				case 'textarea-field':
					return null === $s ? '' : self::sanitize_text_field( $s, true );
				case 'uri':
					return null === $s ? '' : self::sanitize_url( $s );
			}
		}
		if ( 'string' === $t && ( is_scalar( $v ) || null === $v ) ) {
			return self::scalar_string( $v );
		}
		return $v;
	}

	/** (int) $value on 64-bit PHP 8.2, without the float-to-int warning. @param mixed $v */
	private static function to_int( $v ): int {
		if ( is_float( $v ) ) {
			if ( ! is_finite( $v ) ) {
				return 0;
			}
			if ( $v >= -9.223372036854775808e18 && $v < 9.223372036854775808e18 ) {
				return (int) $v;
			}
			$m = fmod( $v, 18446744073709551616.0 );
			if ( $m < 0 ) {
				$m += 18446744073709551616.0;
			}
			if ( $m > 9.223372036854775807e18 ) {
				$m -= 18446744073709551616.0;
			}
			return (int) $m;
		}
		return (int) $v;
	}

	/** _sanitize_text_fields() without filters. */
	private static function sanitize_text_field( string $str, bool $keep_newlines ): string {
		if ( '' === $str || ! preg_match( '//u', $str ) ) {
			return '';
		}
		$filtered = $str;
		if ( str_contains( $filtered, '<' ) ) {
			$filtered = preg_replace_callback( '%<[^>]*?((?=<)|>|$)%', static fn( $m ) => str_contains( $m[0], '>' ) ? $m[0] : '&lt;' . substr( $m[0], 1 ), $filtered );
			$filtered = preg_replace( '@<(script|style)[^>]*?>.*?</\\1>@si', '', $filtered );
			$filtered = trim( strip_tags( $filtered ) );
			$filtered = str_replace( "<\n", "&lt;\n", $filtered );
		}
		if ( ! $keep_newlines ) {
			$filtered = preg_replace( '/[\r\n\t ]+/', ' ', $filtered );
		}
		$filtered = trim( $filtered );
		$found    = false;
		while ( preg_match( '/%[a-f0-9]{2}/i', $filtered, $match ) ) {
			$filtered = str_replace( $match[0], '', $filtered );
			$found    = true;
		}
		if ( $found ) {
			$filtered = trim( preg_replace( '/ +/', ' ', $filtered ) );
		}
		return $filtered;
	}

	/** A subset of sanitize_url() / esc_url( …, 'db' ) (the same subset as php.rs). */
	private static function sanitize_url( string $url ): string {
		if ( '' === $url ) {
			return '';
		}
		$url = str_replace( ' ', '%20', ltrim( $url ) );
		$url = preg_replace( '|[^a-z0-9-~+_.?#=!&;,/:%@$\|*\'()\[\]\x80-\xff]|i', '', $url );
		if ( '' === $url ) {
			return '';
		}
		if ( 0 !== stripos( $url, 'mailto:' ) ) {
			do {
				$before = $url;
				$url    = str_ireplace( array( '%0d', '%0a' ), '', $url );
			} while ( $before !== $url );
		}
		$url = str_replace( ';//', '://', $url );
		if ( ! str_contains( $url, ':' ) && ! in_array( $url[0], array( '/', '#', '?' ), true ) && ! preg_match( '/^[a-z0-9-]+?\.php/i', $url ) ) {
			$url = 'http://' . $url;
		}
		if ( '/' === $url[0] ) {
			return $url;
		}
		$colon = strpos( $url, ':' );
		$stop  = strcspn( $url, '/?#' );
		if ( false !== $colon && $colon < $stop ) {
			$scheme = strtolower( substr( $url, 0, $colon ) );
			if ( ! in_array( $scheme, self::PROTOCOLS, true ) ) {
				return '';
			}
		}
		return $url;
	}

	private const PROTOCOLS = array( 'http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed', 'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn' );

	/** rest_are_values_equal. */
	private static function values_equal( $a, $b ): bool {
		if ( is_array( $a ) && is_array( $b ) ) {
			if ( count( $a ) !== count( $b ) ) {
				return false;
			}
			foreach ( $a as $k => $x ) {
				if ( ! array_key_exists( $k, $b ) || ! self::values_equal( $x, $b[ $k ] ) ) {
					return false;
				}
			}
			return true;
		}
		if ( is_int( $a ) && is_float( $b ) || is_float( $a ) && is_int( $b ) ) {
			return (float) $a === (float) $b;
		}
		if ( is_object( $a ) || is_object( $b ) ) {
			return false;
		}
		return $a === $b;
	}
}

/** @internal first-error mode's stop signal */
final class ValidatorStop extends \Exception {
}

/**
 * The `strict` profile without the extension: a draft 2020-12 validator over the JSON types as
 * sent (src/core/validate/strict.rs uses the jsonschema crate; paths, keywords and messages are
 * the same, the order of violations may differ). `format` is an annotation, as in 2020-12.
 */
final class StrictValidator {
	private const MAX_DEPTH = 128;
	private const TYPE_ORDER = array( 'null', 'boolean', 'integer', 'number', 'string', 'array', 'object' );

	/** @var mixed the converted root schema */
	private $root;
	private array $errors = array();

	/**
	 * @param mixed $value
	 * @return list<array{path:string,keyword:string,message:string}>
	 */
	public static function validate( $value, array $schema ): array {
		$v = new self();
		try {
			$v->root = self::normalize( self::schema_json( $schema, 0 ), 0 );
		} catch ( \LengthException $e ) {
			return array( array( 'path' => '', 'keyword' => 'schema', 'message' => 'Invalid schema: ' . $e->getMessage() ) );
		}
		$bad = self::schema_problem( $v->root, '' );
		if ( null !== $bad ) {
			return array( array( 'path' => '', 'keyword' => 'schema', 'message' => "The schema is not valid JSON Schema (2020-12) at '$bad'." ) );
		}
		$conv         = array();
		self::$budget = Validator::WORK_BUDGET;
		$json         = self::value_json( $value, $v->root, 0, '', $conv );
		foreach ( $conv as $e ) {
			if ( 'size' === $e['keyword'] || 'depth' === $e['keyword'] ) {
				return array( $e );
			}
		}
		if ( $conv ) {
			return $conv;
		}
		$v->node( $json, $v->root, '', 0 );
		return $v->errors;
	}

	private static function who( string $p ): string {
		return '' === $p ? 'value' : $p;
	}

	/** The first place (JSON Pointer into the schema) where the meta-schema would reject it. */
	private static function schema_problem( $s, string $at ): ?string {
		if ( is_bool( $s ) ) {
			return null;
		}
		if ( ! $s instanceof \stdClass ) {
			return $at;
		}
		if ( property_exists( $s, 'type' ) ) {
			$types = is_array( $s->type ) ? $s->type : array( $s->type );
			foreach ( $types as $t ) {
				if ( ! is_string( $t ) || ! in_array( $t, self::TYPE_ORDER, true ) ) {
					return "$at/type";
				}
			}
		}
		foreach ( array( 'properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas' ) as $kw ) {
			if ( property_exists( $s, $kw ) ) {
				if ( ! $s->$kw instanceof \stdClass ) {
					return "$at/$kw";
				}
				foreach ( get_object_vars( $s->$kw ) as $k => $sub ) {
					$r = self::schema_problem( $sub, "$at/$kw/" . self::esc( $k ) );
					if ( null !== $r ) {
						return $r;
					}
				}
			}
		}
		if ( property_exists( $s, 'required' ) && ( ! is_array( $s->required ) || array_filter( $s->required, static fn( $x ) => ! is_string( $x ) ) ) ) {
			return "$at/required";
		}
		foreach ( array( 'items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames' ) as $kw ) {
			if ( property_exists( $s, $kw ) ) {
				$r = self::schema_problem( $s->$kw, "$at/$kw" );
				if ( null !== $r ) {
					return $r;
				}
			}
		}
		foreach ( array( 'allOf', 'anyOf', 'oneOf', 'prefixItems' ) as $kw ) {
			if ( property_exists( $s, $kw ) ) {
				if ( ! is_array( $s->$kw ) || ! $s->$kw ) {
					return "$at/$kw";
				}
				foreach ( $s->$kw as $i => $sub ) {
					$r = self::schema_problem( $sub, "$at/$kw/$i" );
					if ( null !== $r ) {
						return $r;
					}
				}
			}
		}
		foreach ( array( 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf' ) as $kw ) {
			if ( property_exists( $s, $kw ) && ! is_int( $s->$kw ) && ! is_float( $s->$kw ) ) {
				return "$at/$kw";
			}
		}
		foreach ( array( 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties' ) as $kw ) {
			if ( property_exists( $s, $kw ) && ! ( is_int( $s->$kw ) && $s->$kw >= 0 ) && ! ( is_float( $s->$kw ) && $s->$kw >= 0 && floor( $s->$kw ) === $s->$kw ) ) {
				return "$at/$kw";
			}
		}
		if ( property_exists( $s, 'enum' ) && ! is_array( $s->enum ) ) {
			return "$at/enum";
		}
		return null;
	}

	private static function esc( $key ): string {
		return str_replace( array( '~', '/' ), array( '~0', '~1' ), (string) $key );
	}

	private static function is_list( array $a ): bool {
		$i = 0;
		foreach ( $a as $k => $unused ) {
			if ( $k !== $i++ ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Schema array → JSON form (stdClass objects, lists); annotation values left out, values
	 * without a JSON form become null (strict.rs `schema_value`). @param mixed $s
	 */
	private static function schema_json( $s, int $depth, string $ctx = 's' ) {
		if ( $depth > self::MAX_DEPTH ) {
			throw new \LengthException( 'schema nested deeper than ' . self::MAX_DEPTH . ' levels' );
		}
		$child_ctx = static function ( $k ) use ( $ctx ): ?string {
			if ( 's' === $ctx && is_string( $k ) ) {
				return Validator::member_ctx( $k );
			}
			return ( 'm' === $ctx || 'l' === $ctx ) ? 's' : 'd';
		};
		if ( is_array( $s ) ) {
			if ( $s && self::is_list( $s ) ) {
				$out = array();
				foreach ( $s as $k => $c ) {
					$out[] = self::schema_json( $c, $depth + 1, $child_ctx( $k ) ?? 'd' );
				}
				return $out;
			}
			$o = new \stdClass();
			foreach ( $s as $k => $c ) {
				$cc = $child_ctx( $k );
				if ( null !== $cc ) {
					$o->{(string) $k} = self::schema_json( $c, $depth + 1, $cc );
				}
			}
			if ( isset( $o->properties ) && array() === $o->properties ) {
				$o->properties = new \stdClass();
			}
			return $o;
		}
		if ( $s instanceof \stdClass ) {
			$o = new \stdClass();
			foreach ( (array) $s as $k => $c ) {
				$cc = $child_ctx( $k );
				if ( null !== $cc ) {
					$o->{(string) $k} = self::schema_json( $c, $depth + 1, $cc );
				}
			}
			return $o;
		}
		if ( is_string( $s ) ) {
			return Validator::lossy( $s );
		}
		if ( ( is_float( $s ) && ! is_finite( $s ) ) || is_object( $s ) || is_resource( $s ) ) {
			return null;
		}
		return $s;
	}

	/** WordPress's draft-3 `required: true` and draft-4 boolean exclusive bounds, in 2020-12 form. */
	private static function normalize( $v, int $depth ) {
		if ( $depth > self::MAX_DEPTH ) {
			return $v;
		}
		if ( $v instanceof \stdClass ) {
			$extra = array();
			if ( isset( $v->properties ) && $v->properties instanceof \stdClass ) {
				foreach ( get_object_vars( $v->properties ) as $name => $p ) {
					if ( $p instanceof \stdClass && property_exists( $p, 'required' ) && is_bool( $p->required ) ) {
						if ( $p->required ) {
							$extra[] = (string) $name;
						}
						unset( $p->required );
					}
				}
			}
			if ( $extra ) {
				if ( isset( $v->required ) && is_array( $v->required ) ) {
					foreach ( $extra as $r ) {
						if ( ! in_array( $r, $v->required, true ) ) {
							$v->required[] = $r;
						}
					}
				} else {
					$v->required = $extra;
				}
			} elseif ( property_exists( $v, 'required' ) && is_bool( $v->required ) ) {
				unset( $v->required );
			}
			foreach ( array( 'exclusiveMinimum' => 'minimum', 'exclusiveMaximum' => 'maximum' ) as $ex => $bound ) {
				if ( property_exists( $v, $ex ) && is_bool( $v->$ex ) ) {
					$on = $v->$ex;
					unset( $v->$ex );
					if ( $on && property_exists( $v, $bound ) ) {
						$v->$ex = $v->$bound;
						unset( $v->$bound );
					}
				}
			}
			foreach ( get_object_vars( $v ) as $k => $c ) {
				$v->$k = self::normalize( $c, $depth + 1 );
			}
			return $v;
		}
		if ( is_array( $v ) ) {
			foreach ( $v as $i => $c ) {
				$v[ $i ] = self::normalize( $c, $depth + 1 );
			}
		}
		return $v;
	}

	/** Value nodes value_json() may still visit (shared sub-arrays make 2^n paths). */
	private static int $budget = 0;

	/**
	 * PHP value → JSON form "as sent" (an empty array is an object where the schema wants one).
	 * A PHP reference cycle ends at the depth limit or the work budget (the extension names it
	 * `cycle`, as it can see array identities).
	 */
	private static function value_json( $v, $schema, int $depth, string $path, array &$errs ) {
		// a whole-value problem ends the conversion (one violation, bounded memory)
		if ( $errs && in_array( end( $errs )['keyword'], array( 'size', 'depth' ), true ) ) {
			return null;
		}
		if ( --self::$budget < 0 ) {
			if ( ! $errs || 'size' !== end( $errs )['keyword'] ) {
				$errs[] = array( 'path' => '', 'keyword' => 'size', 'message' => 'value is too large to validate.' );
			}
			return null;
		}
		if ( $depth > self::MAX_DEPTH ) {
			$errs[] = array( 'path' => $path, 'keyword' => 'depth', 'message' => self::who( $path ) . ' is nested deeper than ' . self::MAX_DEPTH . ' levels.' );
			return null;
		}
		$child = static function ( $key, bool $index ) use ( $schema ) {
			if ( ! $schema instanceof \stdClass ) {
				return null;
			}
			if ( $index ) {
				return isset( $schema->items ) && $schema->items instanceof \stdClass ? $schema->items : null;
			}
			if ( isset( $schema->properties ) && $schema->properties instanceof \stdClass && property_exists( $schema->properties, (string) $key ) ) {
				return $schema->properties->{(string) $key};
			}
			return isset( $schema->additionalProperties ) && $schema->additionalProperties instanceof \stdClass ? $schema->additionalProperties : null;
		};
		if ( is_array( $v ) ) {
			$wants_object = false;
			if ( $schema instanceof \stdClass ) {
				$t = $schema->type ?? null;
				if ( is_string( $t ) ) {
					$wants_object = 'object' === $t;
				} elseif ( is_array( $t ) ) {
					$wants_object = in_array( 'object', $t, true ) && ! in_array( 'array', $t, true );
				} else {
					$wants_object = property_exists( $schema, 'properties' );
				}
			}
			if ( self::is_list( $v ) && ! ( ! $v && $wants_object ) ) {
				$out = array();
				foreach ( $v as $i => $c ) {
					$out[] = self::value_json( $c, $child( $i, true ), $depth + 1, $path . '/' . $i, $errs );
				}
				return $out;
			}
			$o = new \stdClass();
			foreach ( $v as $k => $c ) {
				$o->{(string) $k} = self::value_json( $c, $child( $k, false ), $depth + 1, $path . '/' . self::esc( $k ), $errs );
			}
			return $o;
		}
		if ( $v instanceof \stdClass ) {
			$o = new \stdClass();
			foreach ( (array) $v as $k => $c ) {
				$o->{(string) $k} = self::value_json( $c, $child( $k, false ), $depth + 1, $path . '/' . self::esc( $k ), $errs );
			}
			return $o;
		}
		$problem = null;
		if ( is_float( $v ) && ! is_finite( $v ) ) {
			$problem = 'NaN or INF is not a JSON number';
		} elseif ( is_string( $v ) && ! preg_match( '//u', $v ) ) {
			$problem = 'string is not valid UTF-8';
		} elseif ( is_object( $v ) || is_resource( $v ) ) {
			$problem = 'value has no JSON form';
		}
		if ( null !== $problem ) {
			$errs[] = array( 'path' => $path, 'keyword' => 'type', 'message' => self::who( $path ) . ": $problem." );
			return null;
		}
		return $v;
	}

	private function fail( string $path, string $keyword, string $message ): void {
		$this->errors[] = array( 'path' => $path, 'keyword' => $keyword, 'message' => $message );
	}

	private static function json_type( $v ): string {
		if ( null === $v ) {
			return 'null';
		}
		if ( is_bool( $v ) ) {
			return 'boolean';
		}
		if ( is_int( $v ) || is_float( $v ) ) {
			return 'number';
		}
		if ( is_string( $v ) ) {
			return 'string';
		}
		return is_array( $v ) ? 'array' : 'object';
	}

	private static function has_type( $v, string $t ): bool {
		$jt = self::json_type( $v );
		if ( 'integer' === $t ) {
			return is_int( $v ) || ( is_float( $v ) && floor( $v ) === $v );
		}
		return $jt === $t;
	}

	private static function equal( $a, $b ): bool {
		if ( ( is_int( $a ) || is_float( $a ) ) && ( is_int( $b ) || is_float( $b ) ) ) {
			return $a == $b; // phpcs:ignore Universal.Operators.StrictComparisons
		}
		if ( is_array( $a ) && is_array( $b ) ) {
			if ( count( $a ) !== count( $b ) ) {
				return false;
			}
			foreach ( $a as $i => $x ) {
				if ( ! self::equal( $x, $b[ $i ] ) ) {
					return false;
				}
			}
			return true;
		}
		if ( $a instanceof \stdClass && $b instanceof \stdClass ) {
			$x = get_object_vars( $a );
			$y = get_object_vars( $b );
			if ( count( $x ) !== count( $y ) ) {
				return false;
			}
			foreach ( $x as $k => $c ) {
				if ( ! array_key_exists( $k, $y ) || ! self::equal( $c, $y[ $k ] ) ) {
					return false;
				}
			}
			return true;
		}
		return $a === $b;
	}

	private static function num( $n ): string {
		return is_float( $n ) ? ( floor( $n ) === $n && abs( $n ) < 1e15 ? (string) (int) $n : self::float_string( $n ) ) : ( is_scalar( $n ) ? (string) $n : 'array' );
	}

	private static function float_string( float $f ): string {
		return Validator::float_string_public( $f );
	}

	private function resolve( string $ref ) {
		if ( '' === $ref || '#' === $ref ) {
			return $this->root;
		}
		if ( 0 !== strpos( $ref, '#/' ) ) {
			return null;
		}
		$node = $this->root;
		foreach ( explode( '/', substr( $ref, 2 ) ) as $seg ) {
			$seg = str_replace( array( '~1', '~0' ), array( '/', '~' ), rawurldecode( $seg ) );
			if ( $node instanceof \stdClass && property_exists( $node, $seg ) ) {
				$node = $node->$seg;
			} elseif ( is_array( $node ) && array_key_exists( (int) $seg, $node ) ) {
				$node = $node[ (int) $seg ];
			} else {
				return null;
			}
		}
		return $node;
	}

	private function matches( $v, $schema, int $depth ): bool {
		$saved        = $this->errors;
		$this->errors = array();
		$this->node( $v, $schema, '', $depth );
		$ok           = ! $this->errors;
		$this->errors = $saved;
		return $ok;
	}

	private function node( $v, $s, string $path, int $depth ): void {
		if ( true === $s ) {
			return;
		}
		$who = self::who( $path );
		if ( false === $s ) {
			$this->fail( $path, 'falseSchema', "$who is not allowed." );
			return;
		}
		if ( ! $s instanceof \stdClass || $depth > self::MAX_DEPTH * 4 ) {
			return;
		}
		if ( isset( $s->{'$ref'} ) && is_string( $s->{'$ref'} ) ) {
			$target = $this->resolve( $s->{'$ref'} );
			if ( null !== $target ) {
				$this->node( $v, $target, $path, $depth + 1 );
			}
		}
		if ( property_exists( $s, 'type' ) ) {
			$types = is_array( $s->type ) ? $s->type : array( $s->type );
			$ok    = false;
			foreach ( $types as $t ) {
				if ( is_string( $t ) && self::has_type( $v, $t ) ) {
					$ok = true;
					break;
				}
			}
			if ( ! $ok ) {
				$names = array_values( array_filter( self::TYPE_ORDER, static fn( $t ) => in_array( $t, $types, true ) ) );
				$this->fail( $path, 'type', "$who is not of type " . implode( ',', $names ) . '.' );
			}
		}
		if ( property_exists( $s, 'enum' ) && is_array( $s->enum ) ) {
			$ok = false;
			foreach ( $s->enum as $m ) {
				if ( self::equal( $v, $m ) ) {
					$ok = true;
					break;
				}
			}
			if ( ! $ok ) {
				$this->fail( $path, 'enum', "$who is not one of the allowed values." );
			}
		}
		if ( property_exists( $s, 'const' ) && ! self::equal( $v, $s->const ) ) {
			$this->fail( $path, 'const', "$who is not the expected constant." );
		}
		if ( is_int( $v ) || is_float( $v ) ) {
			foreach ( array( 'minimum' => array( '<', 'greater than or equal to' ), 'maximum' => array( '>', 'less than or equal to' ), 'exclusiveMinimum' => array( '<=', 'greater than' ), 'exclusiveMaximum' => array( '>=', 'less than' ) ) as $kw => [ $op, $words ] ) {
				if ( isset( $s->$kw ) && ( is_int( $s->$kw ) || is_float( $s->$kw ) ) ) {
					$l   = $s->$kw;
					$bad = '<' === $op ? $v < $l : ( '>' === $op ? $v > $l : ( '<=' === $op ? $v <= $l : $v >= $l ) );
					if ( $bad ) {
						$this->fail( $path, $kw, "$who must be $words " . self::num( $l ) . '.' );
					}
				}
			}
			if ( isset( $s->multipleOf ) && ( is_int( $s->multipleOf ) || is_float( $s->multipleOf ) ) && 0 != $s->multipleOf ) { // phpcs:ignore
				$m = $s->multipleOf;
				if ( is_int( $v ) && is_int( $m ) ) {
					$ok = 0 === $v % $m;
				} else {
					$q  = $v / $m;
					$ok = abs( $q - round( $q ) ) <= 1e-9 * max( 1.0, abs( $q ) );
				}
				if ( ! $ok ) {
					$this->fail( $path, 'multipleOf', "$who must be a multiple of " . self::num( (float) $m ) . '.' );
				}
			}
		}
		if ( is_string( $v ) ) {
			$len = strlen( $v ) - preg_match_all( '/[\x80-\xBF]/', $v );
			if ( isset( $s->minLength ) && is_int( $s->minLength ) && $len < $s->minLength ) {
				$this->fail( $path, 'minLength', "$who must be at least {$s->minLength} characters long." );
			}
			if ( isset( $s->maxLength ) && is_int( $s->maxLength ) && $len > $s->maxLength ) {
				$this->fail( $path, 'maxLength', "$who must be at most {$s->maxLength} characters long." );
			}
			if ( isset( $s->pattern ) && is_string( $s->pattern ) ) {
				$r = @preg_match( '/' . str_replace( '/', '\\/', $s->pattern ) . '/u', $v ); // phpcs:ignore
				if ( 0 === $r ) {
					$this->fail( $path, 'pattern', "$who does not match pattern {$s->pattern}." );
				}
			}
		}
		if ( is_array( $v ) ) {
			$this->array_keywords( $v, $s, $path, $who, $depth );
		}
		if ( $v instanceof \stdClass ) {
			$this->object_keywords( $v, $s, $path, $who, $depth );
		}
		foreach ( array( 'allOf' ) as $kw ) {
			if ( isset( $s->$kw ) && is_array( $s->$kw ) ) {
				foreach ( $s->$kw as $sub ) {
					$this->node( $v, $sub, $path, $depth + 1 );
				}
			}
		}
		if ( isset( $s->anyOf ) && is_array( $s->anyOf ) ) {
			$ok = false;
			foreach ( $s->anyOf as $sub ) {
				if ( $this->matches( $v, $sub, $depth + 1 ) ) {
					$ok = true;
					break;
				}
			}
			if ( ! $ok ) {
				$this->fail( $path, 'anyOf', "$who does not match any of the expected formats." );
			}
		}
		if ( isset( $s->oneOf ) && is_array( $s->oneOf ) ) {
			$n = 0;
			foreach ( $s->oneOf as $sub ) {
				$n += $this->matches( $v, $sub, $depth + 1 ) ? 1 : 0;
			}
			if ( 0 === $n ) {
				$this->fail( $path, 'oneOf', "$who does not match any of the expected formats." );
			} elseif ( $n > 1 ) {
				$this->fail( $path, 'oneOf', "$who matches more than one of the expected formats." );
			}
		}
		if ( property_exists( $s, 'not' ) && $this->matches( $v, $s->not, $depth + 1 ) ) {
			$this->fail( $path, 'not', "$who must not match the schema." );
		}
		if ( property_exists( $s, 'if' ) ) {
			if ( $this->matches( $v, $s->if, $depth + 1 ) ) {
				if ( property_exists( $s, 'then' ) ) {
					$this->node( $v, $s->then, $path, $depth + 1 );
				}
			} elseif ( property_exists( $s, 'else' ) ) {
				$this->node( $v, $s->else, $path, $depth + 1 );
			}
		}
	}

	private function array_keywords( array $v, \stdClass $s, string $path, string $who, int $depth ): void {
		$prefix = isset( $s->prefixItems ) && is_array( $s->prefixItems ) ? $s->prefixItems : array();
		foreach ( $v as $i => $item ) {
			if ( isset( $prefix[ $i ] ) ) {
				$this->node( $item, $prefix[ $i ], "$path/$i", $depth + 1 );
			} elseif ( property_exists( $s, 'items' ) && ( $s->items instanceof \stdClass || is_bool( $s->items ) ) ) {
				$this->node( $item, $s->items, "$path/$i", $depth + 1 );
			}
		}
		$n = count( $v );
		if ( isset( $s->minItems ) && is_int( $s->minItems ) && $n < $s->minItems ) {
			$this->fail( $path, 'minItems', "$who must contain at least {$s->minItems} items." );
		}
		if ( isset( $s->maxItems ) && is_int( $s->maxItems ) && $n > $s->maxItems ) {
			$this->fail( $path, 'maxItems', "$who must contain at most {$s->maxItems} items." );
		}
		if ( ! empty( $s->uniqueItems ) && true === $s->uniqueItems ) {
			for ( $i = 0; $i < $n; $i++ ) {
				for ( $j = $i + 1; $j < $n; $j++ ) {
					if ( self::equal( $v[ $i ], $v[ $j ] ) ) {
						$this->fail( $path, 'uniqueItems', "$who has duplicate items." );
						break 2;
					}
				}
			}
		}
		if ( property_exists( $s, 'contains' ) ) {
			$found = 0;
			foreach ( $v as $item ) {
				$found += $this->matches( $item, $s->contains, $depth + 1 ) ? 1 : 0;
			}
			$min = isset( $s->minContains ) && is_int( $s->minContains ) ? $s->minContains : 1;
			if ( $found < $min || ( isset( $s->maxContains ) && is_int( $s->maxContains ) && $found > $s->maxContains ) ) {
				$this->fail( $path, 'contains', "$who does not satisfy contains." );
			}
		}
	}

	private function object_keywords( \stdClass $v, \stdClass $s, string $path, string $who, int $depth ): void {
		$props = get_object_vars( $v );
		if ( isset( $s->required ) && is_array( $s->required ) ) {
			foreach ( $s->required as $name ) {
				if ( is_string( $name ) && ! array_key_exists( $name, $props ) ) {
					$this->fail( $path . '/' . self::esc( $name ), 'required', "$name is a required property of $who." );
				}
			}
		}
		$n = count( $props );
		if ( isset( $s->minProperties ) && is_int( $s->minProperties ) && $n < $s->minProperties ) {
			$this->fail( $path, 'minProperties', "$who must contain at least {$s->minProperties} properties." );
		}
		if ( isset( $s->maxProperties ) && is_int( $s->maxProperties ) && $n > $s->maxProperties ) {
			$this->fail( $path, 'maxProperties', "$who must contain at most {$s->maxProperties} properties." );
		}
		$declared = isset( $s->properties ) && $s->properties instanceof \stdClass ? get_object_vars( $s->properties ) : array();
		$patterns = isset( $s->patternProperties ) && $s->patternProperties instanceof \stdClass ? get_object_vars( $s->patternProperties ) : array();
		foreach ( $props as $name => $c ) {
			$name    = (string) $name;
			$covered = false;
			if ( array_key_exists( $name, $declared ) ) {
				$covered = true;
				$this->node( $c, $declared[ $name ], $path . '/' . self::esc( $name ), $depth + 1 );
			}
			foreach ( $patterns as $p => $ps ) {
				if ( 1 === @preg_match( '/' . str_replace( '/', '\\/', (string) $p ) . '/u', $name ) ) { // phpcs:ignore
					$covered = true;
					$this->node( $c, $ps, $path . '/' . self::esc( $name ), $depth + 1 );
				}
			}
			if ( ! $covered && property_exists( $s, 'additionalProperties' ) ) {
				if ( false === $s->additionalProperties ) {
					$this->fail( $path . '/' . self::esc( $name ), 'additionalProperties', "$name is not a valid property of Object." );
				} else {
					$this->node( $c, $s->additionalProperties, $path . '/' . self::esc( $name ), $depth + 1 );
				}
			}
			if ( property_exists( $s, 'propertyNames' ) && ! $this->matches( $name, $s->propertyNames, $depth + 1 ) ) {
				$this->fail( $path, 'propertyNames', "$who does not satisfy propertyNames." );
			}
		}
		if ( isset( $s->dependentRequired ) && $s->dependentRequired instanceof \stdClass ) {
			foreach ( get_object_vars( $s->dependentRequired ) as $if => $needs ) {
				if ( array_key_exists( $if, $props ) && is_array( $needs ) ) {
					foreach ( $needs as $need ) {
						if ( ! array_key_exists( $need, $props ) ) {
							$this->fail( $path . '/' . self::esc( $need ), 'required', "$need is a required property of $who." );
						}
					}
				}
			}
		}
	}
}
