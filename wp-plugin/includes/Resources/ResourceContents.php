<?php
/**
 * An ability's result as resource contents.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Resources;

use McpNative\Plugin\Json;

/**
 * What an ability may return, and what is sent:
 *  - a list of content items (`[{uri?, text|blob, mimeType?}, …]`, the adapter's full form), or one
 *    such item: each becomes TextResourceContents or BlobResourceContents; `uri` defaults to the URI
 *    read, `mimeType` to the resource's; a `blob` that is not strict base64 is encoded here;
 *  - a string: text when it is valid UTF-8, else a base64 blob (binary data: an image, a PDF);
 *  - anything else: its JSON as text (mimeType application/json unless the resource declares one).
 * Every item carries a mimeType (text/plain, application/json or application/octet-stream when the
 * resource declares none). A value JSON cannot encode is an UnexpectedValueException.
 */
final class ResourceContents {

	/**
	 * @param mixed       $result    The ability's value.
	 * @param string      $uri       The URI read.
	 * @param string|null $mime_type The resource's mimeType.
	 * @return list<array<string, string>>
	 */
	public static function from_result( mixed $result, string $uri, ?string $mime_type ): array {
		if ( is_array( $result ) && array() !== $result ) {
			if ( self::is_item( $result ) ) {
				return array( self::item( $result, $uri, $mime_type ) );
			}
			if ( array_is_list( $result ) && self::is_item( $result[0] ) ) {
				$items = array();
				foreach ( $result as $entry ) {
					if ( is_array( $entry ) && self::is_item( $entry ) ) {
						$items[] = self::item( $entry, $uri, $mime_type );
					}
				}
				return $items;
			}
		}
		if ( is_string( $result ) ) {
			return array( self::from_string( $result, $uri, $mime_type ) );
		}
		$json = Json::encode( $result );
		if ( null === $json ) {
			throw new \UnexpectedValueException( 'the resource value cannot be encoded as JSON' );
		}
		return array(
			array(
				'uri'      => $uri,
				'mimeType' => $mime_type ?? 'application/json',
				'text'     => $json,
			),
		);
	}

	private static function is_item( mixed $value ): bool {
		return is_array( $value ) && ( ( isset( $value['text'] ) && is_string( $value['text'] ) ) || ( isset( $value['blob'] ) && is_string( $value['blob'] ) ) );
	}

	/**
	 * @param array<string, mixed> $item
	 * @return array<string, string>
	 */
	private static function item( array $item, string $uri, ?string $mime_type ): array {
		$item_uri  = ( is_string( $item['uri'] ?? null ) && '' !== $item['uri'] ) ? $item['uri'] : $uri;
		$item_mime = ( is_string( $item['mimeType'] ?? null ) && '' !== $item['mimeType'] ) ? $item['mimeType'] : $mime_type;
		if ( isset( $item['blob'] ) && is_string( $item['blob'] ) ) {
			$blob = $item['blob'];
			if ( false === base64_decode( $blob, true ) ) {
				$blob = base64_encode( $blob );
			}
			return array(
				'uri'      => $item_uri,
				'mimeType' => $item_mime ?? 'application/octet-stream',
				'blob'     => $blob,
			);
		}
		return self::from_string( (string) $item['text'], $item_uri, $item_mime );
	}

	/**
	 * @return array<string, string>
	 */
	private static function from_string( string $value, string $uri, ?string $mime_type ): array {
		if ( mb_check_encoding( $value, 'UTF-8' ) ) {
			return array(
				'uri'      => $uri,
				'mimeType' => $mime_type ?? 'text/plain',
				'text'     => $value,
			);
		}
		return array(
			'uri'      => $uri,
			'mimeType' => $mime_type ?? 'application/octet-stream',
			'blob'     => base64_encode( $value ),
		);
	}
}
