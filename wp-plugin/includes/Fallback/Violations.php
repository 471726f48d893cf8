<?php
/**
 * The violations of one validation, capped as the extension caps them: the first
 * MAX_VIOLATIONS are kept, the rest only counted, and a longer list ends with one `truncated`
 * entry giving the exact total.
 *
 * @package McpNative
 */

namespace McpNative\Plugin\Fallback;

final class Violations {
	/** The one violation of a schema past a walk's bound (validate/mod.rs SCHEMA_TOO_LARGE). */
	public const SCHEMA_TOO_LARGE = 'The schema is too large to validate.';

	/** @var list<array{path:string,keyword:string,message:string}> */
	private array $kept  = array();
	private int $total   = 0;

	public static function violation( string $path, string $keyword, string $message ): array {
		return array( 'path' => $path, 'keyword' => $keyword, 'message' => $message );
	}

	public function add( string $path, string $keyword, string $message ): void {
		if ( ++$this->total <= \McpNative\MAX_VIOLATIONS ) {
			$this->kept[] = self::violation( $path, $keyword, $message );
		}
	}

	/** `$later`'s violations after these (those it only counted stay counted). */
	public function append( Violations $later ): void {
		foreach ( $later->kept as $v ) {
			$this->add( $v['path'], $v['keyword'], $v['message'] );
		}
		$this->total += $later->total - count( $later->kept );
	}

	public function count(): int {
		return $this->total;
	}

	/** @return list<array{path:string,keyword:string,message:string}> */
	public function all(): array {
		if ( $this->total <= \McpNative\MAX_VIOLATIONS ) {
			return $this->kept;
		}
		$cut   = $this->kept;
		$cut[] = self::violation( '', 'truncated', sprintf( '%d violations in total; the first %d are listed', $this->total, \McpNative\MAX_VIOLATIONS ) );
		return $cut;
	}
}
