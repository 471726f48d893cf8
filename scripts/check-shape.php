<?php
/**
 * Size by shape (issue 37): no source file of ours over 600 lines, no PHP or Rust function over
 * 80 lines. Reads the files git tracks (so dependencies and generated data stay out) and prints
 * each breach as `path:line  what  lines`; exits 1 when there is one.
 *
 *   php scripts/check-shape.php            every tracked source file
 *   php scripts/check-shape.php FILE...    only these (a helper's quick check)
 *
 * A PHP function's length runs from its `function` keyword to its closing brace, closures
 * inside it included (a closure is part of the function that holds it). A Rust function is read
 * as rustfmt lays it out: from its `fn` line to the first `}` at the same indentation.
 */

const MAX_FILE_LINES     = 600;
const MAX_FUNCTION_LINES = 80;
const SOURCE_SUFFIXES    = array( 'php', 'rs', 'c', 'mjs', 'js', 'py', 'sh' );

/** @return list<array{int,string,int}> [line, name, length] of each PHP function in $code */
function php_functions( string $code ): array {
	$tokens = token_get_all( $code );
	$count  = count( $tokens );
	$found  = array();
	for ( $i = 0; $i < $count; $i++ ) {
		if ( ! is_array( $tokens[ $i ] ) || T_FUNCTION !== $tokens[ $i ][0] ) {
			continue;
		}
		$start = $tokens[ $i ][2];
		$name  = '{closure}';
		for ( $j = $i + 1; $j < $count && '{' !== $tokens[ $j ] && ';' !== $tokens[ $j ]; $j++ ) {
			if ( '{closure}' === $name && is_array( $tokens[ $j ] ) && T_STRING === $tokens[ $j ][0] ) {
				$name = $tokens[ $j ][1];
			}
			if ( '(' === $tokens[ $j ] && '{closure}' === $name ) {
				break; // a closure's parameters: the name stays {closure}
			}
		}
		for ( ; $j < $count && '{' !== $tokens[ $j ] && ';' !== $tokens[ $j ]; $j++ ) {
		}
		if ( $j >= $count || ';' === $tokens[ $j ] ) {
			continue; // abstract or interface method: no body
		}
		$depth = 0;
		$end   = $start;
		for ( ; $j < $count; $j++ ) {
			$token = $tokens[ $j ];
			if ( '{' === $token || ( is_array( $token ) && in_array( $token[0], array( T_CURLY_OPEN, T_DOLLAR_OPEN_CURLY_BRACES ), true ) ) ) {
				++$depth;
			} elseif ( '}' === $token && 0 === --$depth ) {
				break;
			}
			if ( is_array( $token ) ) {
				$end = $token[2] + substr_count( $token[1], "\n" );
			}
		}
		$found[] = array( $start, $name, $end - $start + 2 );
	}
	return $found;
}

/** @return list<array{int,string,int}> [line, name, length] of each Rust function with a body */
function rust_functions( string $code ): array {
	$lines = explode( "\n", $code );
	$found = array();
	foreach ( $lines as $index => $line ) {
		if ( ! preg_match( '/^(\s*)(?:pub(?:\([a-z]+\))? )?(?:const )?(?:async )?(?:unsafe )?(?:extern "C" )?fn (\w+)/', $line, $m ) ) {
			continue;
		}
		$close = '/^' . $m[1] . '\}/';
		for ( $end = $index; $end < count( $lines ); $end++ ) {
			if ( str_ends_with( rtrim( $lines[ $end ] ), ';' ) && $end === $index ) {
				continue 2; // a declaration without a body
			}
			if ( $end > $index && preg_match( $close, $lines[ $end ] ) ) {
				break;
			}
			if ( $end === $index && str_ends_with( rtrim( $line ), '}' ) ) {
				break; // a one-line function
			}
		}
		$found[] = array( $index + 1, $m[2], $end - $index + 1 );
	}
	return $found;
}

/** @return list<string> the breaches in one file */
function breaches( string $path ): array {
	$code   = (string) file_get_contents( $path );
	$lines  = substr_count( $code, "\n" ) + ( '' !== $code && ! str_ends_with( $code, "\n" ) ? 1 : 0 );
	$found  = array();
	if ( $lines > MAX_FILE_LINES ) {
		$found[] = sprintf( '%s:1  file  %d lines (at most %d)', $path, $lines, MAX_FILE_LINES );
	}
	$suffix    = pathinfo( $path, PATHINFO_EXTENSION );
	$functions = 'php' === $suffix ? php_functions( $code ) : ( 'rs' === $suffix ? rust_functions( $code ) : array() );
	foreach ( $functions as [ $line, $name, $length ] ) {
		if ( $length > MAX_FUNCTION_LINES ) {
			$found[] = sprintf( '%s:%d  function %s  %d lines (at most %d)', $path, $line, $name, $length, MAX_FUNCTION_LINES );
		}
	}
	return $found;
}

chdir( dirname( __DIR__ ) );
$paths = array_slice( $argv, 1 );
if ( ! $paths ) {
	exec( 'git ls-files', $paths );
	$paths = array_values(
		array_filter(
			$paths,
			static fn( string $path ): bool => in_array( pathinfo( $path, PATHINFO_EXTENSION ), SOURCE_SUFFIXES, true ) && is_file( $path )
		)
	);
}
$all = array();
foreach ( $paths as $path ) {
	array_push( $all, ...breaches( $path ) );
}
foreach ( $all as $breach ) {
	fwrite( STDERR, $breach . "\n" );
}
printf( "shape: %d files, %d over %d lines a file or %d a function\n", count( $paths ), count( $all ), MAX_FILE_LINES, MAX_FUNCTION_LINES );
exit( $all ? 1 : 0 );
