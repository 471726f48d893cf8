<?php
namespace McpNative\Tests;

/**
 * The shape of the McpNative API as Reflection sees it: used to compare the loaded extension with
 * php-stubs/mcp_native.php (which is loaded, in a child process, without the extension).
 */
final class ApiShape {
	/** @param string[] $functions @param string[] $classes @param string[] $constants */
	public static function of( array $functions, array $classes, array $constants ): array {
		$shape = array( 'functions' => array(), 'classes' => array(), 'constants' => array() );
		foreach ( $functions as $name ) {
			$shape['functions'][ strtolower( $name ) ] = self::callable_shape( new \ReflectionFunction( $name ) );
		}
		foreach ( $classes as $name ) {
			$class   = new \ReflectionClass( $name );
			$methods = array();
			foreach ( $class->getMethods() as $method ) {
				if ( $method->getDeclaringClass()->getName() !== $class->getName() ) {
					continue;
				}
				$methods[ $method->getName() ] = self::callable_shape( $method ) + array( 'static' => $method->isStatic(), 'public' => $method->isPublic() );
			}
			ksort( $methods );
			$parent                             = $class->getParentClass();
			$shape['classes'][ strtolower( $name ) ] = array(
				'name'    => $class->getName(),
				'final'   => $class->isFinal(),
				'parent'  => $parent ? $parent->getName() : null,
				'methods' => $methods,
			);
		}
		foreach ( $constants as $name ) {
			$shape['constants'][ $name ] = constant( $name );
		}
		ksort( $shape['functions'] );
		ksort( $shape['classes'] );
		ksort( $shape['constants'] );
		return $shape;
	}

	private static function callable_shape( \ReflectionFunctionAbstract $f ): array {
		$params = array();
		foreach ( $f->getParameters() as $p ) {
			$params[] = array(
				'name'     => $p->getName(),
				'type'     => (string) $p->getType(),
				'optional' => $p->isOptional(),
				'default'  => $p->isDefaultValueAvailable() ? var_export( $p->getDefaultValue(), true ) : null,
				'by_ref'   => $p->isPassedByReference(),
			);
		}
		return array( 'name' => $f->getName(), 'params' => $params, 'returns' => (string) $f->getReturnType() );
	}

	/** Everything a stub file declares in the McpNative namespace (read after including it). */
	public static function declared_in_namespace(): array {
		$in_ns     = fn( $n ) => 0 === stripos( $n, 'McpNative\\' ) && false === stripos( $n, 'McpNative\\Plugin\\' ) && false === stripos( $n, 'McpNative\\Tests\\' );
		$functions = array_values( array_filter( get_defined_functions()['user'], $in_ns ) );
		$classes   = array_values( array_filter( get_declared_classes(), $in_ns ) );
		$constants = array_keys( array_filter( get_defined_constants( true )['user'] ?? array(), fn( $v, $k ) => $in_ns( $k ), ARRAY_FILTER_USE_BOTH ) );
		return array( $functions, $classes, $constants );
	}
}
