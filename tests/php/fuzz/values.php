<?php
/**
 * The fuzzer's values (tests/php/fuzz/fuzz.php): the objects the generator builds values from.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Fuzz;

const MAX_CHAIN = 3000;

final class JsValue implements \JsonSerializable {
	public $v;
	public function __construct( $v ) {
		$this->v = $v;
	}
	public function jsonSerialize(): mixed {
		return $this->v;
	}
}

final class JsThrows implements \JsonSerializable {
	public function __construct( private int $kind ) {}
	public function jsonSerialize(): mixed {
		switch ( $this->kind % 4 ) {
			case 0:
				throw new \DomainException( 'boom' );
			case 1:
				throw new \Error( 'error in jsonSerialize' );
			case 2:
				throw new \TypeError( 'type error in jsonSerialize' );
			default:
				return intdiv( 1, 0 ); // DivisionByZeroError
		}
	}
}

final class JsSelf implements \JsonSerializable {
	public function jsonSerialize(): mixed {
		return $this;
	}
}

final class JsContainsSelf implements \JsonSerializable {
	public function jsonSerialize(): mixed {
		return array( 'type' => 'object', 'properties' => array( 'me' => $this, 'list' => array( $this ) ) );
	}
}

/** Never ends: each serialisation is a fresh object. */
final class JsFresh implements \JsonSerializable {
	public function jsonSerialize(): mixed {
		return array( 'next' => new JsFresh() );
	}
}

/** Re-entrant: writes to the stdClass that contains it (PHP then separates its property table). */
final class JsMutatesParent implements \JsonSerializable {
	public ?\stdClass $parent = null;
	public function jsonSerialize(): mixed {
		if ( null !== $this->parent ) {
			for ( $i = 0; $i < 40; $i++ ) {
				$this->parent->{"added_$i"} = str_repeat( 'x', 64 );
			}
			unset( $this->parent->type );
		}
		return array( 'type' => 'string' );
	}
}

/** Re-entrant: grows (resizes), then replaces, an array it holds by PHP reference. */
final class JsGrowsReference implements \JsonSerializable {
	public $ref;
	public function __construct( &$target, private int $mode ) {
		$this->ref = &$target;
	}
	public function jsonSerialize(): mixed {
		for ( $i = 0; $i < 64; $i++ ) {
			$this->ref[ "grown_$i" ] = array( 'type' => 'string', 'description' => str_repeat( 'y', 40 ) );
		}
		if ( 1 === $this->mode % 2 ) {
			$this->ref = array( 'replaced' );
		}
		return array( 'type' => 'integer' );
	}
}

final class JsStdClass extends \stdClass implements \JsonSerializable {
	public function jsonSerialize(): mixed {
		return array( 'type' => 'string', 'sanitize_callback' => 'trim' );
	}
}

class SubStd extends \stdClass {
}

final class Magic {
	public function __get( $name ) {
		return array( 'type' => 'string' );
	}
	public function __isset( $name ) {
		return true;
	}
}

final class Typed {
	public int $uninitialized;
	public readonly array $ro;
	public function __construct() {
		$this->ro = array( 'type' => 'object' );
	}
}

enum Suit: string {
	case Hearts = 'H';
	case Spades = 'S';
}

enum Pure {
	case One;
}
