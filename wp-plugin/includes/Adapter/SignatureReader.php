<?php
/**
 * Public method signatures of a class, read from its source (without loading it) or by Reflection,
 * in one compact form so the two can be compared.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Adapter;

/**
 * Compact form: "static " when static, then the name, the parameter list and the return type with
 * every whitespace and comment removed and the leading backslash of class names dropped, e.g.
 * `static normalize(WP_Ability$ability,$parameters)`. Defaults keep their source spelling on the
 * source side and var_export() on the Reflection side, so `'input'` matches `'input'`.
 */
final class SignatureReader {

	/**
	 * The public methods of $class_name as declared in $source, or null when the source does not
	 * declare that class (in that namespace).
	 *
	 * @return array<string, string>|null method name => compact signature
	 */
	public static function public_methods( string $source, string $class_name ): ?array {
		$pos       = strrpos( $class_name, '\\' );
		$namespace = false === $pos ? '' : substr( $class_name, 0, $pos );
		$short     = false === $pos ? $class_name : substr( $class_name, $pos + 1 );
		try {
			$tokens = token_get_all( $source, TOKEN_PARSE );
		} catch ( \ParseError $e ) {
			return null;
		}
		$tokens  = array_values(
			array_filter(
				$tokens,
				static fn( $t ): bool => ! is_array( $t ) || ! in_array( $t[0], array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT ), true )
			)
		);
		$count   = count( $tokens );
		$current = '';
		for ( $i = 0; $i < $count; $i++ ) {
			$t = $tokens[ $i ];
			if ( is_array( $t ) && T_NAMESPACE === $t[0] ) {
				$next    = $tokens[ $i + 1 ] ?? null;
				$current = is_array( $next ) && in_array( $next[0], array( T_NAME_QUALIFIED, T_STRING ), true ) ? $next[1] : '';
				continue;
			}
			if ( is_array( $t ) && T_CLASS === $t[0] ) {
				$prev = $tokens[ $i - 1 ] ?? null;
				if ( is_array( $prev ) && T_DOUBLE_COLON === $prev[0] ) {
					continue; // Foo::class
				}
				$name = $tokens[ $i + 1 ] ?? null;
				if ( is_array( $name ) && T_STRING === $name[0] && $name[1] === $short && $current === $namespace ) {
					return self::methods_of_class_body( $tokens, $i + 2 );
				}
			}
		}
		return null;
	}

	/**
	 * @param array<int, mixed> $tokens Tokens without whitespace/comments.
	 * @return array<string, string>
	 */
	private static function methods_of_class_body( array $tokens, int $i ): array {
		$count = count( $tokens );
		while ( $i < $count && '{' !== $tokens[ $i ] ) {
			++$i;
		}
		$depth   = 0;
		$methods = array();
		$mods    = array();
		for ( ; $i < $count; $i++ ) {
			$t    = $tokens[ $i ];
			$text = is_array( $t ) ? $t[1] : $t;
			if ( '{' === $text || ( is_array( $t ) && in_array( $t[0], array( T_CURLY_OPEN, T_DOLLAR_OPEN_CURLY_BRACES ), true ) ) ) {
				++$depth;
				$mods = array();
				continue;
			}
			if ( '}' === $text ) {
				--$depth;
				$mods = array();
				if ( 0 === $depth ) {
					break;
				}
				continue;
			}
			if ( 1 !== $depth ) {
				continue;
			}
			if ( ';' === $text ) {
				$mods = array();
				continue;
			}
			if ( is_array( $t ) && in_array( $t[0], array( T_PUBLIC, T_PROTECTED, T_PRIVATE, T_STATIC, T_ABSTRACT, T_FINAL ), true ) ) {
				$mods[] = strtolower( $text );
				continue;
			}
			if ( is_array( $t ) && T_FUNCTION === $t[0] ) {
				$name_token = $tokens[ $i + 1 ] ?? null;
				$j          = $i + 1;
				$signature  = '';
				if ( '&' === $name_token ) { // function &name()
					$signature .= '&';
					++$j;
				}
				$name = $tokens[ $j ] ?? null;
				$name = is_array( $name ) ? $name[1] : '';
				// Collect up to the body's "{" or the ";" of an abstract method.
				for ( ; $j < $count; $j++ ) {
					$u = $tokens[ $j ];
					if ( '{' === $u || ';' === $u ) {
						break;
					}
					$signature .= self::compact_token( $u );
				}
				$i = $j - 1; // the "{" is seen by the loop and raises the depth
				if ( ! in_array( 'private', $mods, true ) && ! in_array( 'protected', $mods, true ) && '' !== $name ) {
					$methods[ $name ] = ( in_array( 'static', $mods, true ) ? 'static ' : '' ) . $signature;
				}
				$mods = array();
				continue;
			}
			$mods = array();
		}
		return $methods;
	}

	/**
	 * @param mixed $t A token.
	 */
	private static function compact_token( $t ): string {
		if ( ! is_array( $t ) ) {
			return $t;
		}
		if ( T_NAME_FULLY_QUALIFIED === $t[0] ) {
			return ltrim( $t[1], '\\' );
		}
		return $t[1];
	}

	/**
	 * The public methods of a loaded class, by Reflection, in the same compact form (methods the
	 * class declares itself, as the source reader sees them).
	 *
	 * @return array<string, string>
	 */
	public static function reflect_public_methods( string $class_name ): array {
		$methods = array();
		foreach ( ( new \ReflectionClass( $class_name ) )->getMethods( \ReflectionMethod::IS_PUBLIC ) as $m ) {
			if ( $m->getDeclaringClass()->getName() !== $class_name ) {
				continue;
			}
			$params = array();
			foreach ( $m->getParameters() as $p ) {
				$s = $p->hasType() ? ltrim( (string) $p->getType(), '\\' ) : '';
				$s .= $p->isPassedByReference() ? '&' : '';
				$s .= $p->isVariadic() ? '...' : '';
				$s .= '$' . $p->getName();
				if ( $p->isDefaultValueAvailable() ) {
					$s .= '=' . ( $p->isDefaultValueConstant() ? (string) $p->getDefaultValueConstantName() : var_export( $p->getDefaultValue(), true ) );
				}
				$params[] = $s;
			}
			$signature = ( $m->returnsReference() ? '&' : '' ) . $m->getName() . '(' . implode( ',', $params ) . ')';
			if ( $m->hasReturnType() ) {
				$signature .= ':' . ltrim( (string) $m->getReturnType(), '\\' );
			}
			$methods[ $m->getName() ] = ( $m->isStatic() ? 'static ' : '' ) . $signature;
		}
		return $methods;
	}
}
