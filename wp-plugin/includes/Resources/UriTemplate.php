<?php
/**
 * RFC 6570 URI templates, levels 1 and 2.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Resources;

/**
 * `{var}` (simple: one path segment, no `/ ? #`), `{+var}` (reserved: may span `/`, not `#`) and
 * `{#var}` (fragment: the rest after `#`). Matching a concrete URI returns the variables,
 * percent-decoded, or null. Templates with other operators (level 3/4), several variables in one
 * expression, modifiers, or two expressions without a literal between them are refused when the
 * template is parsed (InvalidArgumentException): they have no unambiguous inverse.
 *
 * Hostile URIs: bounded length, no control bytes, valid UTF-8 after decoding, and a regex with
 * anchors and literal separators only (linear to match; a PCRE limit error counts as no match).
 */
final class UriTemplate {

	public const MAX_URI_LENGTH      = 4096;
	public const MAX_TEMPLATE_LENGTH = 1024;
	public const MAX_VARIABLES       = 16;

	/**
	 * @param string       $template  The template.
	 * @param list<string> $variables Variable names in order.
	 * @param string       $pattern   The matching regex.
	 */
	private function __construct(
		public readonly string $template,
		public readonly array $variables,
		private readonly string $pattern
	) {}

	/**
	 * Whether a string contains a template expression (so it names a template, not a URI).
	 */
	public static function is_template( string $value ): bool {
		return 1 === preg_match( '/\{[^{}]*\}/', $value );
	}

	/**
	 * @throws \InvalidArgumentException For a template outside levels 1-2 or without a scheme.
	 */
	public static function parse( string $template ): self {
		if ( strlen( $template ) > self::MAX_TEMPLATE_LENGTH ) {
			throw new \InvalidArgumentException( 'URI template longer than ' . self::MAX_TEMPLATE_LENGTH . ' bytes' );
		}
		if ( ! preg_match( '/^[A-Za-z][A-Za-z0-9+.-]*:/', $template ) ) {
			throw new \InvalidArgumentException( 'URI template needs a scheme (e.g. wordpress://posts/{id})' );
		}
		$tokens = preg_split( '/(\{[^{}]*\})/', $template, -1, PREG_SPLIT_DELIM_CAPTURE | PREG_SPLIT_NO_EMPTY );
		$regex  = '';
		$names  = array();
		$after_expression = false;
		foreach ( (array) $tokens as $token ) {
			if ( '{' !== $token[0] ) {
				if ( str_contains( $token, '{' ) || str_contains( $token, '}' ) || preg_match( '/[\x00-\x20\x7f]/', $token ) ) {
					throw new \InvalidArgumentException( 'URI template has an unbalanced brace or a space: ' . $template );
				}
				$regex           .= preg_quote( $token, '~' );
				$after_expression = false;
				continue;
			}
			// A fragment expression starts with its own literal '#'.
			if ( $after_expression && ! str_starts_with( $token, '{#' ) ) {
				throw new \InvalidArgumentException( 'URI template has two expressions without a literal between them: ' . $template );
			}
			if ( ! preg_match( '/^\{([+#]?)([A-Za-z0-9_]+)\}$/', $token, $m ) ) {
				throw new \InvalidArgumentException( 'Only {var}, {+var} and {#var} expressions (RFC 6570 levels 1-2) are supported: ' . $token );
			}
			if ( in_array( $m[2], $names, true ) ) {
				throw new \InvalidArgumentException( 'URI template repeats variable ' . $m[2] );
			}
			$names[] = $m[2];
			if ( count( $names ) > self::MAX_VARIABLES ) {
				throw new \InvalidArgumentException( 'URI template has more than ' . self::MAX_VARIABLES . ' variables' );
			}
			$group = '(?P<v' . ( count( $names ) - 1 ) . '>';
			$regex .= match ( $m[1] ) {
				''  => $group . '[^/?#]+)',
				'+' => $group . '[^#]+)',
				'#' => '\\#' . $group . '.*)',
			};
			$after_expression = true;
		}
		if ( array() === $names ) {
			throw new \InvalidArgumentException( 'URI template has no variable: ' . $template );
		}
		return new self( $template, $names, '~^' . $regex . '$~sD' );
	}

	/**
	 * The variables of a concrete URI (percent-decoded), or null when it does not match.
	 *
	 * @return array<string, string>|null
	 */
	public function match( string $uri ): ?array {
		if ( '' === $uri || strlen( $uri ) > self::MAX_URI_LENGTH || preg_match( '/[\x00-\x1f\x7f]/', $uri ) ) {
			return null;
		}
		if ( 1 !== @preg_match( $this->pattern, $uri, $m ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors -- a PCRE limit error is a non-match.
			return null;
		}
		$values = array();
		foreach ( $this->variables as $index => $name ) {
			$value = rawurldecode( $m[ 'v' . $index ] ?? '' );
			if ( '' === $value || str_contains( $value, "\0" ) || ! mb_check_encoding( $value, 'UTF-8' ) ) {
				return null;
			}
			$values[ $name ] = $value;
		}
		return $values;
	}
}
