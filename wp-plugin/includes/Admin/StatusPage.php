<?php
/**
 * Tools → MCP Native: this site's identity, extension status, servers and endpoints, tools in
 * words (parameters, types, hints) with their wire JSON one click away, and client configuration.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

use McpNative\Plugin\Server;
use McpNative\Plugin\SiteIdentity;
use McpNative\Plugin\Tools\Tool;

final class StatusPage {

	public const SLUG       = 'mcp-native';
	public const CAPABILITY = 'manage_options';

	/**
	 * admin_menu: the page under Tools (only users with manage_options may open it).
	 */
	public static function register_menu(): void {
		add_management_page(
			__( 'MCP Native', 'mcp-native' ),
			__( 'MCP Native', 'mcp-native' ),
			self::CAPABILITY,
			self::SLUG,
			array( self::class, 'render' )
		);
	}

	public static function url(): string {
		return admin_url( 'tools.php?page=' . self::SLUG );
	}

	/**
	 * Prints the page. WordPress has already checked the capability before calling it; the check
	 * is repeated for direct calls.
	 */
	public static function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to access this page.', 'mcp-native' ), 403 );
		}
		$status  = ExtensionStatus::detect();
		$servers = ServerOverview::servers();
		$user    = wp_get_current_user();

		echo '<div class="wrap mcp-native-status">';
		echo Markup::style(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- static CSS
		echo '<h1>' . esc_html__( 'MCP Native', 'mcp-native' ) . '</h1>';
		echo '<p>' . esc_html__( 'This site\'s WordPress abilities, served as MCP tools to AI clients over Streamable HTTP.', 'mcp-native' ) . '</p>';

		self::render_site();
		self::render_extension( $status );
		self::render_servers( $servers );
		foreach ( $servers as $server ) {
			self::render_server_tools( $server );
		}
		self::render_client_config( $servers, $user );
		Markup::copy_script();
		echo '</div>';
	}

	/**
	 * The site's identity: what get-site-context answers, and the site_id clients may pass.
	 */
	private static function render_site(): void {
		echo '<h2 id="mcp-native-site">' . esc_html__( 'This site', 'mcp-native' ) . '</h2>';
		echo '<table class="form-table mcp-native-site" role="presentation"><tbody>';
		self::row( __( 'Site', 'mcp-native' ), esc_html( (string) get_bloginfo( 'name' ) ) . ' &#8212; ' . Markup::url( (string) get_site_url() ) );
		if ( is_multisite() ) {
			self::row( __( 'Blog ID in the network', 'mcp-native' ), '<code class="mcp-native-blog-id">' . esc_html( (string) get_current_blog_id() ) . '</code>' );
		}
		try {
			$site_id = SiteIdentity::site_id();
			$html    = '<input type="text" id="mcp-native-site-id" class="regular-text code mcp-native-site-id" readonly value="' . esc_attr( $site_id ) . '"> '
				. Markup::copy_button( 'mcp-native-site-id', __( 'Copy site_id', 'mcp-native' ), __( 'Copy this site\'s site_id', 'mcp-native' ) )
				. '<p class="description">' . sprintf(
					/* translators: %s: tool name */
					esc_html__( 'Clients read it with the %s tool and may pass it as site_id to any tool: a call that names another site is refused before anything runs. It identifies this site; it is not a credential.', 'mcp-native' ),
					'<code>' . esc_html( SiteIdentity::TOOL_NAME ) . '</code>'
				) . '</p>';
		} catch ( \RuntimeException $e ) {
			$html = '<span class="mcp-native-site-id-error">' . esc_html( $e->getMessage() ) . '</span>';
		}
		self::row( __( 'site_id', 'mcp-native' ), $html );
		echo '</tbody></table>';
	}

	private static function render_extension( ExtensionStatus $status ): void {
		$state   = $status->state();
		$notice  = array(
			ExtensionStatus::STATE_NATIVE   => 'notice-success',
			ExtensionStatus::STATE_MISMATCH => 'notice-warning',
			ExtensionStatus::STATE_BROKEN   => 'notice-error',
			ExtensionStatus::STATE_FALLBACK => 'notice-info',
		)[ $state ];
		echo '<h2 id="mcp-native-extension">' . esc_html__( 'Extension', 'mcp-native' ) . '</h2>';
		printf(
			'<div class="notice inline %1$s"><p class="mcp-native-extension-status" data-state="%2$s"><strong>%3$s</strong></p></div>',
			esc_attr( $notice ),
			esc_attr( $state ),
			esc_html( $status->summary() )
		);
		echo '<table class="form-table" role="presentation"><tbody>';
		self::row( __( 'Implementation in use', 'mcp-native' ), esc_html( $status->loaded ? __( 'Native (Rust extension mcp_native)', 'mcp-native' ) : __( 'PHP fallback', 'mcp-native' ) ) );
		self::row( __( 'Extension version', 'mcp-native' ), esc_html( $status->version ?? __( 'Not loaded', 'mcp-native' ) ) );
		self::row( __( 'Expected extension version', 'mcp-native' ), esc_html( $status->expected ) );
		self::row( __( 'Plugin version', 'mcp-native' ), esc_html( defined( 'MCP_NATIVE_PLUGIN_VERSION' ) ? (string) MCP_NATIVE_PLUGIN_VERSION : '' ) );
		self::row( __( 'PHP', 'mcp-native' ), esc_html( $status->php_version . ' (' . $status->sapi . ')' ) );
		if ( ExtensionStatus::STATE_NATIVE !== $state ) {
			$html = ExtensionStatus::STATE_FALLBACK === $state
				? SiteHealth::install_html( $status )
				: wp_kses_post( SiteHealth::result( $status )['description'] );
			self::row( __( 'What to do', 'mcp-native' ), $html );
		}
		// The accelerator section exists only where there is an adapter to speed up.
		$adapter = SiteHealth::adapter_status();
		if ( null !== $adapter && true === ( $adapter['adapter_loaded'] ?? null ) ) {
			$result = SiteHealth::adapter_result( $adapter );
			self::row(
				__( 'Official MCP Adapter', 'mcp-native' ),
				'<div class="mcp-native-adapter" data-active="' . esc_attr( true === ( $adapter['active'] ?? null ) ? 'yes' : 'no' ) . '"><strong>'
					. esc_html( $result['label'] ) . '</strong>' . wp_kses_post( $result['description'] ) . '</div>'
			);
		}
		echo '</tbody></table>';
		printf(
			'<p><a href="%1$s">%2$s</a></p>',
			esc_url( admin_url( 'site-health.php' ) ),
			esc_html__( 'See also Tools → Site Health (status and info).', 'mcp-native' )
		);
	}

	/**
	 * @param array<string, Server> $servers Servers.
	 */
	private static function render_servers( array $servers ): void {
		echo '<h2 id="mcp-native-servers">' . esc_html__( 'Servers', 'mcp-native' ) . '</h2>';
		if ( array() === $servers ) {
			echo '<p>' . esc_html__( 'No MCP server is registered (the Abilities API needs WordPress 6.9 or later; the default server can be disabled with the mcp_native_default_server_enabled filter).', 'mcp-native' ) . '</p>';
			return;
		}
		echo '<p>' . esc_html__( 'Each server is one MCP endpoint with its own set of tools. Clients connect to the endpoint URL.', 'mcp-native' ) . '</p>';
		$has_default = false;
		echo '<table class="widefat striped mcp-native-servers"><thead><tr>';
		foreach ( array( __( 'Server', 'mcp-native' ), __( 'Endpoint URL', 'mcp-native' ), __( 'Arguments', 'mcp-native' ), __( 'Tools', 'mcp-native' ) ) as $heading ) {
			echo '<th scope="col">' . esc_html( $heading ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $servers as $server ) {
			$tools       = ServerOverview::tools( $server );
			$profile     = ServerOverview::profile( $server );
			$has_default = $has_default || ServerOverview::is_default( $server );
			printf(
				'<tr class="mcp-native-server" data-server="%1$s"><td>%2$s</td><td>%3$s</td><td>%4$s</td><td><a href="#%5$s">%6$s</a></td></tr>',
				esc_attr( $server->id ),
				self::server_label( $server ), // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped inside
				Markup::url( $server->url(), 'mcp-native-endpoint' ), // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped inside
				null !== $profile ? '<code class="mcp-native-profile">' . esc_html( $profile ) . '</code>' : '&#8212;',
				esc_attr( self::anchor( $server ) ),
				is_array( $tools )
					/* translators: %d: number of tools */
					? '<span class="mcp-native-tool-count">' . esc_html( (string) count( $tools ) ) . '</span> ' . esc_html( _n( 'tool', 'tools', count( $tools ), 'mcp-native' ) )
					: esc_html__( 'error', 'mcp-native' )
			);
		}
		echo '</tbody></table>';
		echo '<p class="description">' . esc_html__( 'Arguments: "standard" reads tool arguments as WordPress does ("true" or "1" become booleans); "strict" takes JSON types exactly as sent.', 'mcp-native' ) . '</p>';
		if ( ! $has_default ) {
			echo '<p class="description">' . esc_html__( 'The default server (mcp-adapter-default-server) is not registered: the mcp_native_default_server_enabled filter turned it off, or the official MCP Adapter serves that route.', 'mcp-native' ) . '</p>';
		}
	}

	/**
	 * The server's name and kind; a custom server's id too, unless its name already says it (the
	 * default server's id is fixed and shows in its endpoint).
	 */
	private static function server_label( Server $server ): string {
		$name = '' !== $server->name ? $server->name : $server->id;
		$html = '<strong class="mcp-native-server-name">' . esc_html( $name ) . '</strong><br><span class="description">';
		if ( ServerOverview::is_default( $server ) ) {
			return $html . esc_html__( 'default server', 'mcp-native' ) . '</span>';
		}
		$html .= esc_html__( 'custom server', 'mcp-native' );
		if ( ! str_contains( self::comparable( $name ), self::comparable( $server->id ) ) ) {
			$html .= ', ' . esc_html__( 'id', 'mcp-native' ) . ' <code class="mcp-native-server-id">' . esc_html( $server->id ) . '</code>';
		}
		return $html . '</span>';
	}

	/**
	 * A name as compared with an id: "Demo Server" and "demo-server" say the same.
	 */
	private static function comparable( string $text ): string {
		return trim( (string) preg_replace( '/[^a-z0-9]+/', '-', strtolower( $text ) ), '-' );
	}

	private static function render_server_tools( Server $server ): void {
		$tools = ServerOverview::tools( $server );
		printf(
			'<h2 id="%1$s">%2$s</h2>',
			esc_attr( self::anchor( $server ) ),
			esc_html(
				/* translators: %s: server name */
				sprintf( __( 'Tools of %s', 'mcp-native' ), '' !== $server->name ? $server->name : $server->id )
			)
		);
		echo '<p>' . esc_html__( 'Endpoint:', 'mcp-native' ) . ' ' . Markup::url( $server->url() ) . '</p>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped inside
		if ( '' !== $server->description ) {
			echo '<p class="description">' . esc_html( $server->description ) . '</p>';
		}
		if ( ! is_array( $tools ) ) {
			echo '<div class="notice notice-error inline"><p>' . esc_html__( 'The tools of this server could not be built:', 'mcp-native' ) . ' ' . esc_html( $tools->getMessage() ) . '</p></div>';
			return;
		}
		if ( array() === $tools ) {
			echo '<p>' . esc_html__( 'This server exposes no tools.', 'mcp-native' ) . '</p>';
			return;
		}
		echo '<p class="description">' . esc_html__( 'Open a tool to see its parameters, its result and its hints; the exact JSON clients receive is one click further.', 'mcp-native' ) . '</p>';
		echo '<div class="mcp-native-tools" data-server="' . esc_attr( $server->id ) . '">';
		foreach ( $tools as $tool ) {
			self::render_tool( $server, $tool );
		}
		echo '</div>';
		// Resources, resource templates and prompts (issue 13), when the server has any.
		$listed = ServerOverview::resources_and_prompts( $server );
		foreach ( is_array( $listed ) ? array_filter( $listed ) : array() as $kind => $entries ) {
			echo '<p class="mcp-native-listed" data-kind="' . esc_attr( $kind ) . '">' . esc_html( ucfirst( $kind ) . ':' ) . ' <code>' . implode( '</code>, <code>', array_map( 'esc_html', $entries ) ) . '</code></p>';
		}
	}

	private static function render_tool( Server $server, Tool $tool ): void {
		$details    = ServerOverview::tool_details( $tool );
		$descriptor = $details['descriptor'];
		$input      = $descriptor['inputSchema'] ?? new \stdClass();
		$output     = $descriptor['outputSchema'] ?? null;
		$hints      = SchemaSummary::hints( $descriptor['annotations'] ?? array() );

		echo '<details class="mcp-native-tool" data-tool="' . esc_attr( $tool->name ) . '">';
		self::render_tool_summary( $tool, $details );
		if ( '' !== $tool->description ) {
			echo '<p>' . esc_html( $tool->description ) . '</p>';
		}
		if ( null !== $details['ability'] ) {
			echo '<p>' . esc_html__( 'Runs the ability', 'mcp-native' ) . ' <code>' . esc_html( $details['ability'] ) . '</code>.</p>';
		}

		echo '<h4>' . esc_html__( 'Parameters', 'mcp-native' ) . '</h4>';
		if ( null !== $details['input_wrapper'] ) {
			echo '<p class="mcp-native-wrapped">' . sprintf(
				/* translators: 1: wrapper key, 2: type */
				esc_html__( 'The ability\'s input is not an object (it is: %2$s), so clients send it under the key %1$s and the ability receives it unwrapped.', 'mcp-native' ),
				'<code>' . esc_html( $details['input_wrapper'] ) . '</code>',
				esc_html( SchemaSummary::type_label( SchemaSummary::normalize( $details['ability_input_schema'] ) ) )
			) . '</p>';
		}
		self::render_parameters( $input, __( 'This tool takes no parameters.', 'mcp-native' ), true );

		echo '<h4>' . esc_html__( 'Result', 'mcp-native' ) . '</h4>';
		if ( null === $output ) {
			echo '<p class="description">' . esc_html__( 'No output schema: the result is free-form content.', 'mcp-native' ) . '</p>';
		} else {
			if ( null !== $details['output_wrapper'] ) {
				echo '<p class="mcp-native-wrapped">' . sprintf(
					/* translators: 1: wrapper key, 2: type */
					esc_html__( 'The ability\'s result is not an object (it is: %2$s), so structured results carry it under the key %1$s.', 'mcp-native' ),
					'<code>' . esc_html( $details['output_wrapper'] ) . '</code>',
					esc_html( SchemaSummary::type_label( SchemaSummary::normalize( $details['ability_output_schema'] ) ) )
				) . '</p>';
			}
			self::render_parameters( $output, SchemaSummary::type_label( SchemaSummary::normalize( $output ) ), false );
		}

		if ( array() !== $hints ) {
			echo '<h4>' . esc_html__( 'Hints to clients', 'mcp-native' ) . '</h4><ul class="mcp-native-hints">';
			foreach ( $hints as $key => $text ) {
				echo '<li data-hint="' . esc_attr( $key ) . '">' . esc_html( $text ) . '</li>';
			}
			echo '</ul>';
		}

		self::render_tool_json( $server, $tool, $details, $input, $output );
		echo '</details>';
	}

	/**
	 * A tool's one-line summary: its title and name, its hint badges, and whether its input or
	 * its output is wrapped.
	 *
	 * @param array<string, mixed> $details ServerOverview::tool_details().
	 */
	private static function render_tool_summary( Tool $tool, array $details ): void {
		echo '<summary>';
		if ( '' !== $tool->title ) {
			echo '<strong>' . esc_html( $tool->title ) . '</strong> ';
		}
		echo '<code class="mcp-native-tool-name">' . esc_html( $tool->name ) . '</code>';
		foreach ( SchemaSummary::badges( $details['descriptor']['annotations'] ?? array() ) as $badge ) {
			echo ' <span class="mcp-native-hint-badge mcp-native-badge' . ( __( 'destructive', 'mcp-native' ) === $badge ? ' is-warning' : '' ) . '">' . esc_html( $badge ) . '</span>';
		}
		if ( null !== $details['input_wrapper'] ) {
			/* translators: %s: wrapper key */
			echo ' <span class="mcp-native-badge mcp-native-wrap-badge">' . esc_html( sprintf( __( 'input wrapped as "%s"', 'mcp-native' ), $details['input_wrapper'] ) ) . '</span>';
		}
		if ( null !== $details['output_wrapper'] ) {
			/* translators: %s: wrapper key */
			echo ' <span class="mcp-native-badge mcp-native-wrap-badge">' . esc_html( sprintf( __( 'output wrapped as "%s"', 'mcp-native' ), $details['output_wrapper'] ) ) . '</span>';
		}
		echo '</summary>';
	}

	/**
	 * The JSON clients receive for a tool (its wire schemas and annotations) and the ability's
	 * own schemas, each block with its copy button.
	 *
	 * @param array<string, mixed> $details ServerOverview::tool_details().
	 * @param mixed                $input   The tool's wire input schema.
	 * @param mixed                $output  The tool's wire output schema, or null.
	 */
	private static function render_tool_json( Server $server, Tool $tool, array $details, mixed $input, mixed $output ): void {
		$id_base = 'mcp-native-json-' . substr( md5( $server->id . "\0" . $tool->name ), 0, 12 );
		echo '<details class="mcp-native-json"><summary>' . esc_html__( 'Show the JSON clients receive', 'mcp-native' ) . '</summary>';
		$blocks = array(
			'input'          => array( __( 'Input schema', 'mcp-native' ), $input ),
			'output'         => array( __( 'Output schema', 'mcp-native' ), $output ),
			'annotations'    => array( __( 'Annotations', 'mcp-native' ), $details['descriptor']['annotations'] ?? null ),
			'ability-input'  => array( __( 'The ability\'s own input schema', 'mcp-native' ), $details['ability_input_schema'] ),
			'ability-output' => array( __( 'The ability\'s own output schema', 'mcp-native' ), $details['ability_output_schema'] ),
		);
		foreach ( $blocks as $kind => [ $label, $value ] ) {
			if ( null === $value ) {
				continue;
			}
			$block_id = $id_base . '-' . $kind;
			echo '<div class="mcp-native-json-head"><h5>' . esc_html( $label ) . '</h5>'
				. Markup::copy_button(
					$block_id,
					/* translators: %s: what is copied, e.g. "Input schema" */
					sprintf( __( 'Copy %s', 'mcp-native' ), strtolower( $label ) ),
					/* translators: 1: what is copied, 2: tool name, 3: server name */
					sprintf( __( 'Copy the %1$s JSON of the tool %2$s on %3$s', 'mcp-native' ), strtolower( $label ), $tool->name, '' !== $server->name ? $server->name : $server->id )
				) . '</div>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped inside
			echo Markup::json_block( $value, $block_id, $kind ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped inside
		}
		echo '</details>';
	}

	/**
	 * A table of an object schema's properties, or $otherwise when it has none. $input: the
	 * properties are parameters (required or optional), else result fields (always there or not).
	 */
	private static function render_parameters( mixed $schema, string $otherwise, bool $input ): void {
		$rows = SchemaSummary::parameters( $schema );
		if ( array() === $rows ) {
			echo '<p class="description">' . esc_html( $otherwise ) . '</p>';
			return;
		}
		echo '<table class="widefat striped mcp-native-params"><thead><tr>';
		foreach ( array( __( 'Name', 'mcp-native' ), __( 'Type', 'mcp-native' ), $input ? __( 'Required', 'mcp-native' ) : __( 'Present', 'mcp-native' ), __( 'Description', 'mcp-native' ) ) as $heading ) {
			echo '<th scope="col">' . esc_html( $heading ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $rows as $row ) {
			printf(
				'<tr data-param="%1$s"><td><code>%2$s</code></td><td>%3$s</td><td>%4$s</td><td>%5$s</td></tr>',
				esc_attr( $row['name'] ),
				esc_html( $row['name'] ),
				esc_html( $row['type'] ),
				$input
					? ( $row['required'] ? '<strong>' . esc_html__( 'required', 'mcp-native' ) . '</strong>' : esc_html__( 'optional', 'mcp-native' ) )
					: ( $row['required'] ? esc_html__( 'always', 'mcp-native' ) : esc_html__( 'when it applies', 'mcp-native' ) ),
				esc_html( $row['description'] )
			);
		}
		echo '</tbody></table>';
	}

	/**
	 * @param array<string, Server> $servers Servers.
	 */
	private static function render_client_config( array $servers, \WP_User $user ): void {
		echo '<h2 id="mcp-native-clients">' . esc_html__( 'Connect a client', 'mcp-native' ) . '</h2>';
		if ( array() === $servers ) {
			echo '<p>' . esc_html__( 'No server to connect to.', 'mcp-native' ) . '</p>';
			return;
		}
		$profile_url = admin_url( 'profile.php#application-passwords-section' );
		echo '<p>' . esc_html__( 'Clients sign in as a WordPress user with an application password (not the account password).', 'mcp-native' ) . ' ';
		if ( function_exists( 'wp_is_application_passwords_available_for_user' ) && wp_is_application_passwords_available_for_user( $user ) ) {
			printf( '<a class="mcp-native-app-password-link" href="%1$s">%2$s</a>.', esc_url( $profile_url ), esc_html__( 'Create one on your profile page', 'mcp-native' ) );
		} else {
			echo esc_html__( 'Application passwords are not available for this user or site (WordPress offers them on HTTPS sites, or with the local environment type).', 'mcp-native' );
		}
		echo '</p>';

		echo '<h3>' . esc_html__( 'Claude Desktop', 'mcp-native' ) . '</h3>';
		echo '<p>' . sprintf(
			/* translators: 1: config file name, 2: npm package, 3: placeholder */
			esc_html__( 'Add these entries to the mcpServers of %1$s. They run %2$s with npx (Node.js 20 or later). Replace %3$s with the application password. The entry names carry this site\'s address, so entries of several sites can sit side by side.', 'mcp-native' ),
			'<code>claude_desktop_config.json</code>',
			'<code>@automattic/mcp-wordpress-remote</code>',
			'<code>' . esc_html( ClientConfig::PASSWORD_PLACEHOLDER ) . '</code>'
		) . '</p>';
		$config = ClientConfig::claude_desktop_json( $servers, $user->user_login );
		printf(
			'<textarea id="mcp-native-claude-config" class="large-text code" rows="%1$d" readonly>%2$s</textarea>',
			(int) min( 40, substr_count( $config, "\n" ) + 2 ),
			esc_textarea( $config )
		);
		echo '<p>' . Markup::copy_button( 'mcp-native-claude-config', __( 'Copy Claude Desktop configuration', 'mcp-native' ), __( 'Copy the Claude Desktop configuration for this site', 'mcp-native' ) ) . '</p>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped inside

		echo '<h3>' . esc_html__( 'Other clients (Streamable HTTP)', 'mcp-native' ) . '</h3>';
		echo '<p>' . esc_html__( 'Clients that speak Streamable HTTP connect to these URLs directly, with HTTP Basic authentication: the user name and the application password.', 'mcp-native' ) . '</p>';
		echo '<table class="form-table" role="presentation"><tbody>';
		foreach ( $servers as $server ) {
			$id   = 'mcp-native-url-' . sanitize_html_class( $server->id );
			$name = '' !== $server->name ? $server->name : $server->id;
			echo '<tr><th scope="row">' . esc_html( $name ) . '</th><td>';
			printf(
				'<input type="text" id="%1$s" class="large-text code mcp-native-url" readonly value="%2$s" data-server="%3$s"> ',
				esc_attr( $id ),
				esc_attr( $server->url() ),
				esc_attr( $server->id )
			);
			/* translators: %s: server name */
			echo Markup::copy_button( $id, __( 'Copy endpoint URL', 'mcp-native' ), sprintf( __( 'Copy the endpoint URL of %s', 'mcp-native' ), $name ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped inside
			echo '</td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * A form-table row; $html is already escaped.
	 */
	private static function row( string $label, string $html ): void {
		echo Markup::row( $label, $html ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by the callers
	}

	private static function anchor( Server $server ): string {
		return 'mcp-native-server-' . sanitize_html_class( $server->id );
	}
}
