<?php
/**
 * A JSON text put into a response as it is.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin;

/**
 * Text encoded earlier (a cached `tools/list` page) that Json::encode() writes into its output
 * without decoding and encoding it again. While Json::encode() runs, the object stands for a
 * placeholder string that no other value can hold (a NUL byte and a random nonce of this
 * encoding), replaced by the text afterwards. Any other encoder (a plugin that encodes a REST
 * response itself) gets the decoded value, which encodes to the same JSON.
 *
 * A text may also come with its DEFLATE form, compressed once and kept (Transport\GzipBody
 * sends a gzip answer around it without compressing it again).
 */
final class RawJson implements \JsonSerializable {

	/** @var list<self>|null The raw values met, in output order, while Json::encode() runs. */
	private static ?array $met = null;

	private static string $nonce = '';

	/**
	 * @param string                        $json    The encoded value.
	 * @param (\Closure(string): ?string)|null $deflate Given $json, its raw DEFLATE blocks ending on
	 *                                                 a byte boundary with no final block (a sync
	 *                                                 flush), or null.
	 */
	public function __construct( public readonly string $json, private readonly ?\Closure $deflate = null ) {}

	/**
	 * A JSON list of texts that each hold one encoded value.
	 *
	 * @param list<string>                  $texts   Encoded values.
	 * @param (\Closure(string): ?string)|null $deflate See the constructor.
	 */
	public static function list( array $texts, ?\Closure $deflate = null ): self {
		return new self( '[' . implode( ',', $texts ) . ']', $deflate );
	}

	/** The text's DEFLATE blocks (see the constructor), or null when it has none. */
	public function deflated(): ?string {
		return null === $this->deflate ? null : ( $this->deflate )( $this->json );
	}

	public function jsonSerialize(): mixed {
		if ( null === self::$met ) {
			return json_decode( $this->json, false, Json::MAX_DEPTH, JSON_BIGINT_AS_STRING );
		}
		if ( '' === self::$nonce ) {
			self::$nonce = bin2hex( random_bytes( 8 ) );
		}
		self::$met[] = $this;
		return self::placeholder( count( self::$met ) - 1 );
	}

	/**
	 * Runs an encoding with placeholders on and returns its text in parts: the encoder's own
	 * text between raw values, and each raw value where its placeholder was (null when $encode
	 * returned null). Nested encodings keep their own placeholders.
	 *
	 * @param \Closure(): ?string $encode A json_encode() call.
	 * @return list<string|self>|null
	 */
	public static function parts( \Closure $encode ): ?array {
		$outer       = array( self::$met, self::$nonce );
		self::$met   = array();
		self::$nonce = '';
		try {
			$json  = $encode();
			$met   = self::$met;
			$nonce = self::$nonce;
		} finally {
			list( self::$met, self::$nonce ) = $outer;
		}
		if ( null === $json || array() === $met ) {
			return null === $json ? null : array( $json );
		}
		$parts = array();
		$from  = 0;
		foreach ( $met as $i => $raw ) {
			// Placeholders appear in the order jsonSerialize() was called: the output's order.
			$placeholder = (string) json_encode( self::placeholder( $i, $nonce ) );
			$at          = strpos( $json, $placeholder, $from );
			if ( false === $at ) {
				continue; // Not in the output (a filter dropped the value after serializing it).
			}
			$parts[] = substr( $json, $from, $at - $from );
			$parts[] = $raw;
			$from    = $at + strlen( $placeholder );
		}
		$parts[] = substr( $json, $from );
		return $parts;
	}

	/**
	 * The text of parts(): each raw value's text in place.
	 *
	 * @param list<string|self> $parts
	 */
	public static function join( array $parts ): string {
		if ( 1 === count( $parts ) && is_string( $parts[0] ) ) {
			return $parts[0];
		}
		$texts = array();
		foreach ( $parts as $part ) {
			$texts[] = $part instanceof self ? $part->json : $part;
		}
		return implode( '', $texts );
	}

	private static function placeholder( int $index, ?string $nonce = null ): string {
		return "\0mcp-native-raw:" . ( $nonce ?? self::$nonce ) . ':' . $index;
	}
}
