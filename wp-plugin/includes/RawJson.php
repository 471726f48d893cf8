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
 */
final class RawJson implements \JsonSerializable {

	/** @var array<string, string>|null Encoded placeholder => text, while Json::encode() runs. */
	private static ?array $texts = null;

	private static string $nonce = '';

	public function __construct( public readonly string $json ) {}

	/**
	 * A JSON list of texts that each hold one encoded value.
	 *
	 * @param list<string> $texts Encoded values.
	 */
	public static function list( array $texts ): self {
		return new self( '[' . implode( ',', $texts ) . ']' );
	}

	public function jsonSerialize(): mixed {
		if ( null === self::$texts ) {
			return json_decode( $this->json, false, Json::MAX_DEPTH, JSON_BIGINT_AS_STRING );
		}
		if ( '' === self::$nonce ) {
			self::$nonce = bin2hex( random_bytes( 8 ) );
		}
		$placeholder = "\0mcp-native-raw:" . self::$nonce . ':' . count( self::$texts );
		self::$texts[ (string) json_encode( $placeholder ) ] = $this->json;
		return $placeholder;
	}

	/**
	 * Runs an encoding with placeholders on and returns its text with the raw texts in place
	 * (null when $encode returned null). Nested encodings keep their own placeholders.
	 *
	 * @param \Closure(): ?string $encode A json_encode() call.
	 */
	public static function splicing( \Closure $encode ): ?string {
		$outer       = array( self::$texts, self::$nonce );
		self::$texts = array();
		self::$nonce = '';
		try {
			$json  = $encode();
			$texts = self::$texts;
		} finally {
			list( self::$texts, self::$nonce ) = $outer;
		}
		return null === $json || array() === $texts ? $json : strtr( $json, $texts );
	}
}
