<?php
namespace McpNative\Tests;

/** Reads tests/vectors/*.json (the reference adapter's behaviour) into PHP values. */
final class Vectors {
	/** Cases where we deliberately differ from the reference (see the reference README). */
	public const DIFFERENT_ON_PURPOSE = array(
		'non_object_wrapping_keeps_wp_only_keys',
		'nested_empty_properties_NOT_stripped',
		'nested_empty_stdclass_becomes_empty_array',
		'object_valued_callback_is_cast_recursively',
	);

	public static function cases( string $component ): array {
		$file = dirname( __DIR__, 3 ) . "/vectors/$component.json";
		$doc  = json_decode( file_get_contents( $file ), false, 512, JSON_THROW_ON_ERROR );
		return $doc->cases;
	}

	/** A vector value as PHP: {"$php":"array()"} → [], {"$php":"stdClass","props":…} → object. */
	public static function php( $value ) {
		if ( $value instanceof \stdClass ) {
			$marker = $value->{'$php'} ?? null;
			if ( 'array()' === $marker ) {
				return array();
			}
			if ( 'stdClass' === $marker ) {
				$object = new \stdClass();
				foreach ( (array) $value->props as $k => $v ) {
					$object->$k = self::php( $v );
				}
				return $object;
			}
			$out = array();
			foreach ( (array) $value as $k => $v ) {
				$out[ $k ] = self::php( $v );
			}
			return $out;
		}
		if ( is_array( $value ) ) {
			return array_map( array( self::class, 'php' ), $value );
		}
		return $value;
	}

	/** Does a vector value use notation plain PHP values cannot stand for? */
	public static function is_plain( $value ): bool {
		$json = json_encode( $value );
		return false === strpos( $json, '"$php":"object"' ) && false === strpos( $json, '$wp_error' ) && false === strpos( $json, '$php_fatal' );
	}
}
