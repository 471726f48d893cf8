<?php
/**
 * A minimal STAND-IN for the `WP\McpSchema\…` DTOs of the Composer package wordpress/php-mcp-schema
 * (the official MCP Adapter's only runtime dependency), which cannot be fetched here. Written for
 * mcp-native's tests from the way the adapter 0.5 calls them: `X::fromArray( array )`, getters
 * (`getName()`, `getIsError()`, …), `toArray()` (deep, nulls left out) and the content `TYPE`
 * constants. It does not validate fields as the real package may. Loaded by autoload.php; used by
 * scripts/test-adapter.sh and any benchmark that installs the real adapter (see README).
 *
 * @package McpNative\Tests\Adapter
 */

declare(strict_types=1);

namespace WP\McpSchema\Common {

	/**
	 * Every DTO: the data given to fromArray(), nested DTOs kept as objects, `getFoo()` reading
	 * key `foo`, toArray() converting nested DTOs and leaving out null values.
	 */
	abstract class AbstractDataTransferObject {

		/** @var array<string, class-string|array{0: class-string}> keys hydrated from arrays: class, or [class] for a list */
		protected const NESTED = array();

		/** @var list<string> keys kept even when null */
		protected const KEEP_NULL = array();

		/** @var array<string, mixed> */
		protected array $data;

		final protected function __construct( array $data ) {
			$this->data = $data;
		}

		/**
		 * @param array<string, mixed> $data
		 * @return static
		 */
		public static function fromArray( array $data ) {
			foreach ( static::NESTED as $key => $class ) {
				if ( ! isset( $data[ $key ] ) || ! is_array( $data[ $key ] ) ) {
					continue;
				}
				if ( is_array( $class ) ) {
					$data[ $key ] = array_map( static fn( $item ) => is_array( $item ) ? $class[0]::fromArray( $item ) : $item, $data[ $key ] );
				} else {
					$data[ $key ] = $class::fromArray( $data[ $key ] );
				}
			}
			return new static( $data );
		}

		/** @return array<string, mixed> */
		public function toArray(): array {
			$out = array();
			foreach ( $this->data as $key => $value ) {
				if ( null === $value && ! in_array( $key, static::KEEP_NULL, true ) ) {
					continue;
				}
				$out[ $key ] = self::plain( $value );
			}
			return $out;
		}

		/**
		 * @param mixed $value
		 * @return mixed
		 */
		private static function plain( $value ) {
			if ( $value instanceof self ) {
				return $value->toArray();
			}
			if ( is_array( $value ) ) {
				return array_map( array( self::class, 'plain' ), $value );
			}
			return $value;
		}

		/**
		 * getFoo() / getIsError(): the value of key foo / isError, or null.
		 *
		 * @param array<int, mixed> $args
		 * @return mixed
		 */
		public function __call( string $name, array $args ) {
			if ( str_starts_with( $name, 'get' ) && strlen( $name ) > 3 ) {
				return $this->data[ lcfirst( substr( $name, 3 ) ) ] ?? null;
			}
			throw new \BadMethodCallException( static::class . "::$name() is not part of the php-mcp-schema stand-in" );
		}
	}

	final class McpConstants {
		public const JSONRPC_VERSION  = '2.0';
		public const PARSE_ERROR      = -32700;
		public const INVALID_REQUEST  = -32600;
		public const METHOD_NOT_FOUND = -32601;
		public const INVALID_PARAMS   = -32602;
		public const INTERNAL_ERROR   = -32603;
	}

	/** A nested object the adapter reads back with toArray() (icons, execution). */
	final class StandInObject extends AbstractDataTransferObject {
	}
}

namespace WP\McpSchema\Common\Protocol\Union {
	interface ContentBlockInterface {
	}
}

namespace WP\McpSchema\Common\JsonRpc\DTO {
	use WP\McpSchema\Common\AbstractDataTransferObject;

	class Error extends AbstractDataTransferObject {
	}
	class JSONRPCErrorResponse extends AbstractDataTransferObject {
		protected const NESTED    = array( 'error' => Error::class );
		protected const KEEP_NULL = array( 'id' );
	}
}

namespace WP\McpSchema\Common\Content\DTO {
	use WP\McpSchema\Common\AbstractDataTransferObject;
	use WP\McpSchema\Common\Protocol\Union\ContentBlockInterface;

	class TextContent extends AbstractDataTransferObject implements ContentBlockInterface {
		public const TYPE = 'text';
	}
	class ImageContent extends AbstractDataTransferObject implements ContentBlockInterface {
		public const TYPE = 'image';
	}
	class AudioContent extends AbstractDataTransferObject implements ContentBlockInterface {
		public const TYPE = 'audio';
	}
}

namespace WP\McpSchema\Common\Protocol\DTO {
	use WP\McpSchema\Common\AbstractDataTransferObject;
	use WP\McpSchema\Common\Protocol\Union\ContentBlockInterface;

	class Annotations extends AbstractDataTransferObject {
	}
	class Result extends AbstractDataTransferObject {
	}
	class TextResourceContents extends AbstractDataTransferObject {
	}
	class BlobResourceContents extends AbstractDataTransferObject {
	}
	class EmbeddedResource extends AbstractDataTransferObject implements ContentBlockInterface {
		public const TYPE = 'resource';
	}
	class InitializeResult extends AbstractDataTransferObject {
	}
}

namespace WP\McpSchema\Common\Lifecycle\DTO {
	class Implementation extends \WP\McpSchema\Common\AbstractDataTransferObject {
	}
}

namespace WP\McpSchema\Server\Lifecycle\DTO {
	class ServerCapabilities extends \WP\McpSchema\Common\AbstractDataTransferObject {
	}
}

namespace WP\McpSchema\Server\Tools\DTO {
	use WP\McpSchema\Common\AbstractDataTransferObject;
	use WP\McpSchema\Common\StandInObject;

	class ToolAnnotations extends AbstractDataTransferObject {
	}
	/**
	 * A tool's inputSchema/outputSchema as the real package 0.1.1 models it: only `$schema`,
	 * `properties` and `required` are kept and `type` is always "object"; every other top-level
	 * key (`additionalProperties`, `default`, `description`, …) is dropped, as a Composer install
	 * of the adapter sends it (measured with the real package: see README).
	 */
	abstract class ToolSchemaStandIn extends AbstractDataTransferObject {
		public static function fromArray( array $data ) {
			$kept = array( 'type' => 'object' );
			if ( isset( $data['$schema'] ) && is_string( $data['$schema'] ) ) {
				$kept = array( '$schema' => $data['$schema'] ) + $kept;
			}
			foreach ( array( 'properties', 'required' ) as $key ) {
				if ( isset( $data[ $key ] ) && is_array( $data[ $key ] ) ) {
					$kept[ $key ] = $data[ $key ];
				}
			}
			return parent::fromArray( $kept );
		}
	}
	class ToolInputSchema extends ToolSchemaStandIn {
	}
	class ToolOutputSchema extends ToolSchemaStandIn {
	}
	class Tool extends AbstractDataTransferObject {
		protected const NESTED = array(
			'inputSchema'  => ToolInputSchema::class,
			'outputSchema' => ToolOutputSchema::class,
			'annotations'  => ToolAnnotations::class,
			'icons'        => array( StandInObject::class ),
			'execution'    => StandInObject::class,
		);
	}
	class CallToolResult extends AbstractDataTransferObject {
	}
	class ListToolsResult extends AbstractDataTransferObject {
		protected const NESTED = array( 'tools' => array( Tool::class ) );
	}
}

namespace WP\McpSchema\Server\Resources\DTO {
	use WP\McpSchema\Common\AbstractDataTransferObject;
	use WP\McpSchema\Common\StandInObject;

	class Resource extends AbstractDataTransferObject {
		protected const NESTED = array( 'icons' => array( StandInObject::class ) );
	}
	class ReadResourceResult extends AbstractDataTransferObject {
	}
	class ListResourcesResult extends AbstractDataTransferObject {
		protected const NESTED = array( 'resources' => array( Resource::class ) );
	}
}

namespace WP\McpSchema\Server\Prompts\DTO {
	use WP\McpSchema\Common\AbstractDataTransferObject;
	use WP\McpSchema\Common\StandInObject;

	class PromptArgument extends AbstractDataTransferObject {
	}
	class Prompt extends AbstractDataTransferObject {
		protected const NESTED = array(
			'arguments' => array( PromptArgument::class ),
			'icons'     => array( StandInObject::class ),
		);
	}
	class PromptMessage extends AbstractDataTransferObject {
	}
	class GetPromptResult extends AbstractDataTransferObject {
		protected const NESTED = array( 'messages' => array( PromptMessage::class ) );
	}
	class ListPromptsResult extends AbstractDataTransferObject {
		protected const NESTED = array( 'prompts' => array( Prompt::class ) );
	}
}
