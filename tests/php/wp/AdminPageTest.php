<?php
/**
 * Tools → MCP Native: who may open it, and what it shows (servers, endpoints, tools with the
 * schemas clients really receive, extension status, client configuration), all escaped.
 *
 * The page's content is compared with what the MCP endpoints answer (tools/list through the REST
 * routes), not with the page's own helpers.
 *
 * @package McpNative\Tests\WP
 */

declare(strict_types=1);

namespace McpNative\Tests\WP;

use McpNative\Plugin\Admin\ClientConfig;
use McpNative\Plugin\Admin\StatusPage;
use McpNative\Plugin\Contract;
use McpNative\Plugin\SiteIdentity;

final class AdminPageTest extends AbstractMcpTest {

	private const DEMO_ROUTE = '/mcp-native-demo/mcp';

	private string $last_html = '';

	/** @var array<string, mixed> admin menu globals saved around each test */
	private array $saved_menu = array();

	protected function setUp(): void {
		parent::setUp();
		foreach ( array( 'menu', 'submenu', '_wp_submenu_nopriv', '_registered_pages', '_parent_pages', 'admin_page_hooks' ) as $name ) {
			$this->saved_menu[ $name ] = $GLOBALS[ $name ] ?? null;
		}
		$GLOBALS['submenu']            = array();
		$GLOBALS['_wp_submenu_nopriv'] = array();
	}

	protected function tearDown(): void {
		foreach ( $this->saved_menu as $name => $value ) {
			if ( null === $value ) {
				unset( $GLOBALS[ $name ] );
			} else {
				$GLOBALS[ $name ] = $value;
			}
		}
		parent::tearDown();
	}

	private function mode(): string {
		$mode = getenv( 'MCP_NATIVE_REQUIRE' );
		$this->assertContains( $mode, array( 'native', 'fallback' ), 'run through scripts/test-wp.sh' );
		return $mode;
	}

	/**
	 * The page as an admin sees it.
	 */
	private function render(): \DOMXPath {
		ob_start();
		try {
			StatusPage::render();
		} finally {
			$html = (string) ob_get_clean();
		}
		$this->assertStringContainsString( '<div class="wrap mcp-native-status">', $html );
		$dom      = new \DOMDocument();
		$previous = libxml_use_internal_errors( true );
		$dom->loadHTML( '<?xml encoding="UTF-8"><html><body>' . $html . '</body></html>' );
		libxml_clear_errors();
		libxml_use_internal_errors( $previous );
		$this->last_html = $html;
		return new \DOMXPath( $dom );
	}

	private static function text( \DOMXPath $xpath, string $query, ?\DOMNode $context = null ): ?string {
		$nodes = $xpath->query( $query, $context );
		return ( false !== $nodes && $nodes->length > 0 ) ? $nodes->item( 0 )->textContent : null;
	}

	public function test_menu_entry_under_tools_for_admins(): void {
		$this->set_user( 'administrator' );
		StatusPage::register_menu();
		$entries = array_values( array_filter( $GLOBALS['submenu']['tools.php'] ?? array(), static fn( $item ) => 'mcp-native' === ( $item[2] ?? null ) ) );
		$this->assertCount( 1, $entries );
		$this->assertSame( 'MCP Native', $entries[0][0] );
		$this->assertSame( 'manage_options', $entries[0][1] );
		$this->assertSame( admin_url( 'tools.php?page=mcp-native' ), StatusPage::url() );
	}

	public function test_status_link_on_the_plugins_screen(): void {
		$hook = 'plugin_action_links_mcp-native/mcp-native.php';
		$this->set_user( 'administrator' );
		$links = apply_filters( $hook, array( 'deactivate' => '<a href="#">Deactivate</a>' ) );
		$this->assertSame( '<a href="' . esc_url( admin_url( 'tools.php?page=mcp-native' ) ) . '">Status</a>', $links[0] );
		$this->set_user( 'subscriber' );
		$this->assertCount( 1, apply_filters( $hook, array( 'deactivate' => '<a href="#">Deactivate</a>' ) ) );
	}

	public function test_subscribers_and_editors_do_not_get_the_page(): void {
		foreach ( array( 'subscriber', 'editor' ) as $role ) {
			$GLOBALS['submenu']            = array();
			$GLOBALS['_wp_submenu_nopriv'] = array();
			$this->set_user( $role );
			StatusPage::register_menu();
			$this->assertSame( array(), $GLOBALS['submenu']['tools.php'] ?? array(), $role );
			// What user_can_access_admin_page() checks to refuse tools.php?page=mcp-native.
			$this->assertTrue( isset( $GLOBALS['_wp_submenu_nopriv']['tools.php']['mcp-native'] ), $role );
		}
	}

	public function test_render_refuses_a_subscriber(): void {
		$this->set_user( 'subscriber' );
		add_filter(
			'wp_die_handler',
			static fn() => static function ( $message, $title = '', $args = array() ): void {
				throw new \RuntimeException( wp_strip_all_tags( is_string( $message ) ? $message : '' ), (int) ( $args['response'] ?? 0 ) );
			}
		);
		ob_start();
		try {
			StatusPage::render();
			$this->fail( 'the page rendered for a subscriber' );
		} catch ( \RuntimeException $e ) {
			$this->assertSame( 403, $e->getCode() );
			$this->assertStringContainsString( 'not allowed', $e->getMessage() );
		} finally {
			$output = (string) ob_get_clean();
		}
		$this->assertStringNotContainsString( 'mcp-native-claude-config', $output );
	}

	public function test_extension_status_in_the_running_mode(): void {
		$this->set_user( 'administrator' );
		$xpath = $this->render();
		$state = self::text( $xpath, '//p[contains(@class,"mcp-native-extension-status")]/@data-state' );
		$line  = (string) self::text( $xpath, '//p[contains(@class,"mcp-native-extension-status")]' );
		if ( 'native' === $this->mode() ) {
			$this->assertSame( 'native', $state, $line );
			$this->assertStringContainsString( 'mcp_native ' . Contract::version() . ' is loaded', $line );
			$this->assertStringNotContainsString( 'extension=mcp_native', $this->last_html );
		} else {
			$this->assertSame( 'fallback', $state, $line );
			$this->assertStringContainsString( 'PHP fallback is in use', $line );
			$this->assertStringContainsString( '<code>extension=mcp_native</code>', $this->last_html );
		}
	}

	public function test_servers_endpoints_and_tools_match_the_endpoints(): void {
		$this->set_user( 'administrator' );
		$session = $this->initialize( self::DEFAULT_ROUTE );
		$wire    = array(
			'mcp-adapter-default-server' => array( rest_url( 'mcp/mcp-adapter-default-server' ), $this->list_tools( self::DEFAULT_ROUTE, $session ) ),
			'demo'                       => array( rest_url( 'mcp-native-demo/mcp' ), $this->list_tools( self::DEMO_ROUTE, $this->initialize( self::DEMO_ROUTE ) ) ),
		);
		$xpath = $this->render();

		foreach ( $wire as $id => [ $url, $tools ] ) {
			$row = $xpath->query( sprintf( '//tr[contains(@class,"mcp-native-server")][@data-server="%s"]', $id ) );
			$this->assertSame( 1, $row->length, "row of $id" );
			$this->assertSame( $url, self::text( $xpath, './/code[contains(@class,"mcp-native-endpoint")]', $row->item( 0 ) ) );
			$this->assertSame( 'standard', self::text( $xpath, './/code[contains(@class,"mcp-native-profile")]', $row->item( 0 ) ) );

			$shown = array();
			foreach ( $xpath->query( sprintf( '//div[contains(@class,"mcp-native-tools")][@data-server="%s"]/details', $id ) ) as $details ) {
				$name           = $details->getAttribute( 'data-tool' );
				$shown[ $name ] = true;
				$this->assertArrayHasKey( $name, $tools, "$id shows a tool its endpoint does not list" );
				$input = json_decode( (string) self::text( $xpath, './/pre[@data-schema="input"]', $details ), true );
				$this->assertSame( json_decode( (string) wp_json_encode( $tools[ $name ]['inputSchema'] ), true ), $input, "$id $name inputSchema" );
				if ( isset( $tools[ $name ]['outputSchema'] ) ) {
					$output = json_decode( (string) self::text( $xpath, './/pre[@data-schema="output"]', $details ), true );
					$this->assertSame( json_decode( (string) wp_json_encode( $tools[ $name ]['outputSchema'] ), true ), $output, "$id $name outputSchema" );
				}
			}
			$this->assertSame( array_keys( $tools ), array_keys( $shown ), "tools of $id" );
		}
		$this->assertContains( 'mcp-adapter-execute-ability', array_keys( $wire['mcp-adapter-default-server'][1] ) );
	}

	public function test_wrapped_schemas_are_marked_with_their_wrapper_key(): void {
		$this->set_user( 'administrator' );
		$xpath = $this->render();
		$count = $xpath->query( '//div[@data-server="demo"]/details[@data-tool="mcp-native-demo-count-posts"]' );
		$this->assertSame( 1, $count->length, 'count-posts (flattened schemas) missing' );
		$badges = array();
		foreach ( $xpath->query( './/span[contains(@class,"mcp-native-wrap-badge")]', $count->item( 0 ) ) as $badge ) {
			$badges[] = $badge->textContent;
		}
		$this->assertSame( array( 'input wrapped as "input"', 'output wrapped as "result"' ), $badges );
		// The ability's own (flattened) schema is shown beside the wire one.
		$own = json_decode( (string) self::text( $xpath, './/pre[@data-schema="ability-input"]', $count->item( 0 ) ), true );
		$this->assertSame( 'string', $own['type'] );

		$get_post = $xpath->query( '//div[@data-server="demo"]/details[@data-tool="mcp-native-demo-get-post"]' )->item( 0 );
		$this->assertSame( 0, $xpath->query( './/span[contains(@class,"mcp-native-wrap-badge")]', $get_post )->length, 'object schemas are not wrapped' );
		$this->assertSame( 0, $xpath->query( './/pre[@data-schema="ability-input"]', $get_post )->length );
	}

	public function test_claude_desktop_config_and_http_urls(): void {
		$user_id = $this->set_user( 'administrator' );
		$xpath   = $this->render();
		$config  = json_decode( (string) self::text( $xpath, '//textarea[@id="mcp-native-claude-config"]' ), true );
		$this->assertIsArray( $config, 'the Claude Desktop configuration is not JSON' );
		$site    = ClientConfig::site_key();
		$this->assertSame( array( $site, $site . '-demo' ), array_keys( $config['mcpServers'] ) );
		$default = $config['mcpServers'][ $site ];
		$this->assertSame( 'npx', $default['command'] );
		$this->assertSame( array( '-y', '@automattic/mcp-wordpress-remote@latest' ), $default['args'] );
		$this->assertSame(
			array(
				'WP_API_URL'      => rest_url( 'mcp/mcp-adapter-default-server' ),
				'WP_API_USERNAME' => get_userdata( $user_id )->user_login,
				'WP_API_PASSWORD' => 'YOUR-APPLICATION-PASSWORD',
			),
			$default['env']
		);
		$this->assertSame( rest_url( 'mcp-native-demo/mcp' ), $config['mcpServers'][ $site . '-demo' ]['env']['WP_API_URL'] );

		$link = self::text( $xpath, '//a[contains(@class,"mcp-native-app-password-link")]/@href' );
		$this->assertSame( admin_url( 'profile.php#application-passwords-section' ), $link );

		$urls = array();
		foreach ( $xpath->query( '//input[contains(@class,"mcp-native-url")]' ) as $input ) {
			$urls[ $input->getAttribute( 'data-server' ) ] = $input->getAttribute( 'value' );
		}
		$this->assertSame( rest_url( 'mcp/mcp-adapter-default-server' ), $urls['mcp-adapter-default-server'] );
		$this->assertSame( rest_url( 'mcp-native-demo/mcp' ), $urls['demo'] );

		// Every copy button says what it copies, and copies something that is on the page.
		$buttons = $xpath->query( '//button[contains(@class,"mcp-native-copy")]' );
		$this->assertGreaterThan( 10, $buttons->length );
		$labels = array();
		foreach ( $buttons as $button ) {
			$visible = trim( $button->textContent );
			$label   = $button->getAttribute( 'aria-label' );
			$this->assertNotSame( 'Copy', $visible, 'a bare "Copy" button' );
			$this->assertStringStartsWith( 'Copy ', $visible );
			$this->assertStringStartsWith( 'Copy ', $label );
			$this->assertGreaterThan( strlen( $visible ), strlen( $label ) + 1, "aria-label of \"$visible\" adds no context" );
			$this->assertSame( 1, $xpath->query( '//*[@id="' . $button->getAttribute( 'data-copy-target' ) . '"]' )->length, $label );
			$labels[] = $label;
		}
		$this->assertSame( count( $labels ), count( array_unique( $labels ) ), 'two copy buttons with the same accessible name' );
		$this->assertContains( 'Copy the Claude Desktop configuration for this site', $labels );
		$this->assertContains( 'Copy the input schema JSON of the tool mcp-native-demo-get-post on mcp-native demo server', $labels );
		$this->assertContains( 'Copy this site\'s site_id', $labels );
	}

	public function test_site_id_servers_table_and_tool_summaries(): void {
		$this->set_user( 'administrator' );
		$xpath = $this->render();
		$this->assertSame( SiteIdentity::site_id(), $xpath->query( '//input[@id="mcp-native-site-id"]' )->item( 0 )->getAttribute( 'value' ) );

		// One column per fact: no "Server" and "Name" columns saying nearly the same.
		$headings = array();
		foreach ( $xpath->query( '//table[contains(@class,"mcp-native-servers")]/thead//th' ) as $th ) {
			$headings[] = $th->textContent;
		}
		$this->assertSame( array( 'Server', 'Endpoint URL', 'Arguments', 'Tools' ), $headings );
		$default = $xpath->query( '//tr[@data-server="mcp-adapter-default-server"]' )->item( 0 );
		$this->assertSame( 'default server', trim( (string) self::text( $xpath, './/span[@class="description"]', $default ) ) );
		// URLs may wrap after separators (<wbr>), never mid-word; the text stays the URL.
		$this->assertStringContainsString( 'mcp-<wbr>adapter-<wbr>default-<wbr>server</code>', $this->last_html );

		// A tool in words: parameters with type and required, result fields, hints.
		$get_post = $xpath->query( '//div[@data-server="demo"]/details[@data-tool="mcp-native-demo-get-post"]' )->item( 0 );
		$params   = array();
		foreach ( $xpath->query( './table[contains(@class,"mcp-native-params")][1]/tbody/tr', $get_post ) as $tr ) {
			$cells = array();
			foreach ( $xpath->query( './td', $tr ) as $td ) {
				$cells[] = trim( $td->textContent );
			}
			$params[ $tr->getAttribute( 'data-param' ) ] = array_slice( $cells, 1, 2 );
		}
		$this->assertSame( array( 'integer, ≥ 1', 'required' ), $params['post_id'] );
		$this->assertSame( array( 'string', 'optional' ), $params['site_id'] );
		$this->assertSame( array_key_first( $params ), 'post_id', 'required parameters first' );
		$hints = array();
		foreach ( $xpath->query( './/ul[contains(@class,"mcp-native-hints")]/li', $get_post ) as $li ) {
			$hints[ $li->getAttribute( 'data-hint' ) ] = $li->textContent;
		}
		$this->assertSame( 'Read-only: does not change the site', $hints['readOnlyHint'] ?? null );
		$this->assertArrayNotHasKey( 'destructiveHint', $hints, 'a read-only tool changes nothing' );
		$this->assertSame( 'read-only', self::text( $xpath, './summary/span[contains(@class,"mcp-native-hint-badge")]', $get_post ) );
		// The wire JSON sits one click away (a closed <details>), with its copy button.
		$json = $xpath->query( './details[contains(@class,"mcp-native-json")]', $get_post )->item( 0 );
		$this->assertNotNull( $json );
		$this->assertFalse( $json->hasAttribute( 'open' ) );
		$this->assertSame( 1, $xpath->query( './/pre[@data-schema="input"]', $json )->length );
	}

	public function test_the_claude_desktop_key_names_the_site(): void {
		$home = static fn() => 'https://Shop.Example.com/en/';
		add_filter( 'home_url', $home );
		$this->assertSame( 'wordpress-shop-example-com-en', ClientConfig::site_key() );
		remove_filter( 'home_url', $home );
		add_filter( 'home_url', static fn() => 'http://127.0.0.1:8089/' );
		$this->assertSame( 'wordpress-127-0-0-1-8089', ClientConfig::site_key() );
	}

	public function test_custom_server_profile_and_hostile_strings_are_escaped(): void {
		$this->register_test_ability(
			'mcp-native-tests/xss',
			array(
				'label'        => '<script>alert("label")</script>',
				'description'  => '<img src=x onerror=alert(1)> & "quotes"',
				'input_schema' => array(
					'type'        => 'string',
					'description' => '</pre><script>alert("schema")</script>',
				),
			)
		);
		$this->add_server(
			'hostile',
			array(
				'namespace'   => 'mcpn-admin',
				'route'       => 'strict',
				'name'        => '<script>alert("name")</script>',
				'description' => '<b onmouseover=alert(1)>x</b>',
				'tools'       => array( 'mcp-native-tests/xss' ),
				'profile'     => 'strict',
			)
		);
		$this->set_user( 'administrator' );
		$xpath = $this->render();
		$html  = $this->last_html;

		foreach ( array( '<script>alert(', '<img src=x', '<b onmouseover', '</pre><script>' ) as $raw ) {
			$this->assertStringNotContainsString( $raw, $html );
		}
		$this->assertStringContainsString( '&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;', $html );
		$this->assertSame( 1, $xpath->query( '//script' )->length, 'only the copy button script' );

		$row = $xpath->query( '//tr[@data-server="hostile"]' )->item( 0 );
		$this->assertNotNull( $row );
		$this->assertSame( 'strict', self::text( $xpath, './/code[contains(@class,"mcp-native-profile")]', $row ) );
		$this->assertSame( rest_url( 'mcpn-admin/strict' ), self::text( $xpath, './/code[contains(@class,"mcp-native-endpoint")]', $row ) );
		$tool = $xpath->query( '//div[@data-server="hostile"]/details[@data-tool="mcp-native-tests-xss"]' )->item( 0 );
		$this->assertNotNull( $tool, 'the hostile tool is listed' );
		$schema = json_decode( (string) self::text( $xpath, './/pre[@data-schema="ability-input"]', $tool ), true );
		$this->assertSame( '</pre><script>alert("schema")</script>', $schema['description'], 'shown as text, intact' );
	}

	public function test_page_without_the_default_server(): void {
		add_filter( 'mcp_native_default_server_enabled', '__return_false' );
		$this->set_user( 'administrator' );
		$xpath = $this->render();
		$this->assertSame( 0, $xpath->query( '//tr[@data-server="mcp-adapter-default-server"]' )->length );
		$this->assertSame( 1, $xpath->query( '//tr[@data-server="demo"]' )->length );
		$this->assertStringContainsString( 'The default server (mcp-adapter-default-server) is not registered', $this->last_html );
		$config = json_decode( (string) self::text( $xpath, '//textarea[@id="mcp-native-claude-config"]' ), true );
		$this->assertSame( array( ClientConfig::site_key() . '-demo' ), array_keys( $config['mcpServers'] ) );
	}
}
