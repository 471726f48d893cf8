<?php
/**
 * The server variables of a plain GET / on 127.0.0.1, for scripts that load a test site's
 * WordPress from the command line (fake-adapter/run.php, tests/adapter/unit-bootstrap.php).
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

$_SERVER['HTTP_HOST']       = '127.0.0.1';
$_SERVER['SERVER_NAME']     = '127.0.0.1';
$_SERVER['SERVER_PORT']     = '80';
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
