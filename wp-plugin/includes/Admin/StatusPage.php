<?php
/**
 * Tools → MCP Native: servers, endpoints, tools with their wire schemas, extension status, and
 * client configuration to copy.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

use McpNative\Plugin\Server;
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
		self::render_style();
		echo '<h1>' . esc_html__( 'MCP Native', 'mcp-native' ) . '</h1>';
		echo '<p>' . esc_html__( 'WordPress abilities served as MCP tools over Streamable HTTP.', 'mcp-native' ) . '</p>';

		self::render_extension( $status );
		self::render_servers( $servers );
		foreach ( $servers as $server ) {
			self::render_server_tools( $server );
		}
		self::render_client_config( $servers, $user );
		self::render_copy_script();
		echo '</div>';
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
		$adapter = SiteHealth::adapter_status();
		if ( null !== $adapter ) {
			self::row(
				__( 'Official MCP Adapter', 'mcp-native' ),
				'<span class="mcp-native-adapter" data-active="' . esc_attr( true === ( $adapter['active'] ?? null ) ? 'yes' : 'no' ) . '">'
					. esc_html( is_string( $adapter['reason'] ?? null ) ? $adapter['reason'] : '' ) . '</span>'
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
		$has_default = false;
		echo '<table class="widefat striped mcp-native-servers"><thead><tr>';
		foreach ( array( __( 'Server', 'mcp-native' ), __( 'Name', 'mcp-native' ), __( 'Endpoint', 'mcp-native' ), __( 'Argument profile', 'mcp-native' ), __( 'Tools', 'mcp-native' ) ) as $heading ) {
			echo '<th scope="col">' . esc_html( $heading ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $servers as $server ) {
			$tools        = ServerOverview::tools( $server );
			$profile      = ServerOverview::profile( $server );
			$has_default  = $has_default || ServerOverview::is_default( $server );
			$kind         = ServerOverview::is_default( $server ) ? __( 'default', 'mcp-native' ) : __( 'custom', 'mcp-native' );
			printf(
				'<tr class="mcp-native-server" data-server="%1$s"><td><code>%2$s</code> <span class="description">(%3$s)</span></td><td>%4$s</td><td><code class="mcp-native-endpoint">%5$s</code></td><td>%6$s</td><td><a href="#%7$s">%8$s</a></td></tr>',
				esc_attr( $server->id ),
				esc_html( $server->id ),
				esc_html( $kind ),
				esc_html( $server->name ),
				esc_html( $server->url() ),
				null !== $profile ? '<code class="mcp-native-profile">' . esc_html( $profile ) . '</code>' : '&#8212;',
				esc_attr( self::anchor( $server ) ),
				is_array( $tools ) ? esc_html( (string) count( $tools ) ) : esc_html__( 'error', 'mcp-native' )
			);
		}
		echo '</tbody></table>';
		if ( ! $has_default ) {
			echo '<p class="description">' . esc_html__( 'The default server (mcp-adapter-default-server) is not registered: the mcp_native_default_server_enabled filter turned it off, or the official MCP Adapter serves that route.', 'mcp-native' ) . '</p>';
		}
	}

	private static function render_server_tools( Server $server ): void {
		$tools   = ServerOverview::tools( $server );
		$profile = ServerOverview::profile( $server );
		printf(
			'<h2 id="%1$s">%2$s</h2>',
			esc_attr( self::anchor( $server ) ),
			esc_html(
				/* translators: 1: server name, 2: server id */
				sprintf( __( 'Tools of %1$s (%2$s)', 'mcp-native' ), $server->name, $server->id )
			)
		);
		echo '<p>' . esc_html__( 'Endpoint:', 'mcp-native' ) . ' <code>' . esc_html( $server->url() ) . '</code>';
		if ( null !== $profile ) {
			echo ' &#183; ' . esc_html__( 'argument profile:', 'mcp-native' ) . ' <code>' . esc_html( $profile ) . '</code> <span class="description">('
				. esc_html( 'strict' === $profile ? __( 'JSON types exactly as sent', 'mcp-native' ) : __( 'WordPress semantics: "true"/"1" and such become booleans', 'mcp-native' ) )
				. ')</span>';
		}
		echo '</p>';
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
		echo '<div class="mcp-native-tools" data-server="' . esc_attr( $server->id ) . '">';
		foreach ( $tools as $tool ) {
			self::render_tool( $tool );
		}
		echo '</div>';
		// Resources, resource templates and prompts (issue 13), when the server has any.
		$listed = ServerOverview::resources_and_prompts( $server );
		foreach ( is_array( $listed ) ? array_filter( $listed ) : array() as $kind => $entries ) {
			echo '<p class="mcp-native-listed" data-kind="' . esc_attr( $kind ) . '">' . esc_html( ucfirst( $kind ) . ':' ) . ' <code>' . implode( '</code>, <code>', array_map( 'esc_html', $entries ) ) . '</code></p>';
		}
	}

	private static function render_tool( Tool $tool ): void {
		$details    = ServerOverview::tool_details( $tool );
		$descriptor = $details['descriptor'];
		echo '<details class="mcp-native-tool" data-tool="' . esc_attr( $tool->name ) . '">';
		echo '<summary><code class="mcp-native-tool-name">' . esc_html( $tool->name ) . '</code>';
		if ( '' !== $tool->title ) {
			echo ' &#8212; ' . esc_html( $tool->title );
		}
		if ( null !== $details['input_wrapper'] ) {
			/* translators: %s: wrapper key */
			echo ' <span class="mcp-native-badge">' . esc_html( sprintf( __( 'input wrapped as "%s"', 'mcp-native' ), $details['input_wrapper'] ) ) . '</span>';
		}
		if ( null !== $details['output_wrapper'] ) {
			/* translators: %s: wrapper key */
			echo ' <span class="mcp-native-badge">' . esc_html( sprintf( __( 'output wrapped as "%s"', 'mcp-native' ), $details['output_wrapper'] ) ) . '</span>';
		}
		echo '</summary>';
		if ( '' !== $tool->description ) {
			echo '<p>' . esc_html( $tool->description ) . '</p>';
		}
		if ( null !== $details['ability'] ) {
			echo '<p>' . esc_html__( 'Ability:', 'mcp-native' ) . ' <code>' . esc_html( $details['ability'] ) . '</code></p>';
		}
		if ( isset( $descriptor['annotations'] ) ) {
			echo '<p>' . esc_html__( 'Annotations:', 'mcp-native' ) . ' <code>' . esc_html( (string) wp_json_encode( $descriptor['annotations'], JSON_UNESCAPED_SLASHES ) ) . '</code></p>';
		}

		echo '<h4>' . esc_html__( 'Input schema (as clients see it)', 'mcp-native' ) . '</h4>';
		if ( null !== $details['input_wrapper'] ) {
			echo '<p class="mcp-native-wrapped">' . sprintf(
				/* translators: %s: wrapper key */
				esc_html__( 'The ability\'s input schema is not an object, so it is wrapped: clients send the value under the key %s, and the ability receives it unwrapped.', 'mcp-native' ),
				'<code>' . esc_html( $details['input_wrapper'] ) . '</code>'
			) . '</p>';
		} else {
			echo '<p class="description">' . esc_html__( 'Not wrapped.', 'mcp-native' ) . '</p>';
		}
		self::pre( $descriptor['inputSchema'] ?? new \stdClass(), 'input' );
		if ( null !== $details['ability_input_schema'] ) {
			echo '<h4>' . esc_html__( 'The ability\'s own input schema', 'mcp-native' ) . '</h4>';
			self::pre( $details['ability_input_schema'], 'ability-input' );
		}

		if ( isset( $descriptor['outputSchema'] ) ) {
			echo '<h4>' . esc_html__( 'Output schema (as clients see it)', 'mcp-native' ) . '</h4>';
			if ( null !== $details['output_wrapper'] ) {
				echo '<p class="mcp-native-wrapped">' . sprintf(
					/* translators: %s: wrapper key */
					esc_html__( 'The ability\'s output schema is not an object, so results are wrapped in structuredContent under the key %s.', 'mcp-native' ),
					'<code>' . esc_html( $details['output_wrapper'] ) . '</code>'
				) . '</p>';
			} else {
				echo '<p class="description">' . esc_html__( 'Not wrapped.', 'mcp-native' ) . '</p>';
			}
			self::pre( $descriptor['outputSchema'], 'output' );
			if ( null !== $details['ability_output_schema'] ) {
				echo '<h4>' . esc_html__( 'The ability\'s own output schema', 'mcp-native' ) . '</h4>';
				self::pre( $details['ability_output_schema'], 'ability-output' );
			}
		} else {
			echo '<p class="description">' . esc_html__( 'No output schema.', 'mcp-native' ) . '</p>';
		}
		echo '</details>';
	}

	/**
	 * @param array<string, Server> $servers Servers.
	 */
	private static function render_client_config( array $servers, \WP_User $user ): void {
		echo '<h2 id="mcp-native-clients">' . esc_html__( 'Client configuration', 'mcp-native' ) . '</h2>';
		if ( array() === $servers ) {
			echo '<p>' . esc_html__( 'No server to connect to.', 'mcp-native' ) . '</p>';
			return;
		}
		$profile_url = admin_url( 'profile.php#application-passwords-section' );

		echo '<h3>' . esc_html__( 'Claude Desktop (mcp-wordpress-remote)', 'mcp-native' ) . '</h3>';
		echo '<p>' . sprintf(
			/* translators: 1: config file name, 2: npm package, 3: placeholder */
			esc_html__( 'Add this to %1$s. It runs %2$s with npx (Node.js 20 or later). Replace %3$s with an application password of this user:', 'mcp-native' ),
			'<code>claude_desktop_config.json</code>',
			'<code>@automattic/mcp-wordpress-remote</code>',
			'<code>' . esc_html( ServerOverview::PASSWORD_PLACEHOLDER ) . '</code>'
		) . ' ';
		if ( function_exists( 'wp_is_application_passwords_available_for_user' ) && wp_is_application_passwords_available_for_user( $user ) ) {
			printf( '<a class="mcp-native-app-password-link" href="%1$s">%2$s</a>', esc_url( $profile_url ), esc_html__( 'create one on your profile page', 'mcp-native' ) );
		} else {
			echo esc_html__( 'application passwords are not available for this user or site (WordPress offers them on HTTPS sites, or with the local environment type).', 'mcp-native' );
		}
		echo '.</p>';
		$config = ServerOverview::pretty_json( ServerOverview::claude_desktop_config( $servers, $user->user_login ) );
		printf(
			'<textarea id="mcp-native-claude-config" class="large-text code" rows="%1$d" readonly>%2$s</textarea>',
			(int) min( 40, substr_count( $config, "\n" ) + 2 ),
			esc_textarea( $config )
		);
		self::copy_button( 'mcp-native-claude-config' );

		echo '<h3>' . esc_html__( 'Plain HTTP (Streamable HTTP)', 'mcp-native' ) . '</h3>';
		echo '<p>' . esc_html__( 'Clients that speak Streamable HTTP connect to these URLs directly, with HTTP Basic authentication: the user name and an application password.', 'mcp-native' ) . '</p>';
		echo '<table class="form-table" role="presentation"><tbody>';
		foreach ( $servers as $server ) {
			$id = 'mcp-native-url-' . sanitize_html_class( $server->id );
			echo '<tr><th scope="row"><code>' . esc_html( $server->id ) . '</code></th><td>';
			printf(
				'<input type="text" id="%1$s" class="large-text code mcp-native-url" readonly value="%2$s" data-server="%3$s">',
				esc_attr( $id ),
				esc_attr( $server->url() ),
				esc_attr( $server->id )
			);
			self::copy_button( $id );
			echo '</td></tr>';
		}
		echo '</tbody></table>';
	}

	private static function copy_button( string $target_id ): void {
		printf(
			'<p><button type="button" class="button mcp-native-copy" data-copy-target="%1$s">%2$s</button> <span class="mcp-native-copied" aria-live="polite"></span></p>',
			esc_attr( $target_id ),
			esc_html__( 'Copy', 'mcp-native' )
		);
	}

	private static function render_style(): void {
		echo '<style>'
			. '.mcp-native-status details.mcp-native-tool{margin:0 0 .5em;padding:.4em .8em;background:#fff;border:1px solid #c3c4c7}'
			. '.mcp-native-status details.mcp-native-tool summary{cursor:pointer}'
			. '.mcp-native-status .mcp-native-badge{display:inline-block;margin-left:.4em;padding:0 .5em;border-radius:3px;background:#f0f6fc;border:1px solid #72aee6;font-size:12px;line-height:1.8}'
			. '.mcp-native-status pre.mcp-native-schema{max-height:24em;overflow:auto;background:#f6f7f7;padding:.6em;white-space:pre}'
			. '</style>';
	}

	private static function render_copy_script(): void {
		$copied = wp_json_encode( __( 'Copied', 'mcp-native' ) );
		$script = <<<JS
document.addEventListener('click', function (event) {
	var button = event.target.closest ? event.target.closest('.mcp-native-copy') : null;
	if (!button) { return; }
	var field = document.getElementById(button.getAttribute('data-copy-target'));
	if (!field) { return; }
	var done = function () { var s = button.parentNode.querySelector('.mcp-native-copied'); if (s) { s.textContent = {$copied}; } };
	if (navigator.clipboard && window.isSecureContext) {
		navigator.clipboard.writeText(field.value).then(done);
	} else {
		field.focus(); field.select();
		try { document.execCommand('copy'); done(); } catch (e) {}
	}
});
JS;
		wp_print_inline_script_tag( $script );
	}

	private static function pre( mixed $value, string $kind ): void {
		printf(
			'<pre class="mcp-native-schema" data-schema="%1$s">%2$s</pre>',
			esc_attr( $kind ),
			esc_html( ServerOverview::pretty_json( $value ) )
		);
	}

	/**
	 * A form-table row; $html is already escaped.
	 */
	private static function row( string $label, string $html ): void {
		echo '<tr><th scope="row">' . esc_html( $label ) . '</th><td>' . $html . '</td></tr>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by the callers
	}

	private static function anchor( Server $server ): string {
		return 'mcp-native-server-' . sanitize_html_class( $server->id );
	}
}
