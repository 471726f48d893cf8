<?php
/**
 * Pieces of markup the admin screens share: copy buttons, URLs that wrap, JSON blocks, the style.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Admin;

final class Markup {

	/**
	 * A button that copies the value (inputs) or text (other elements) of the element with id
	 * $target_id. Its visible text says what it copies; $accessible_name says it in full for
	 * screen readers (which do not see the element next to it).
	 */
	public static function copy_button( string $target_id, string $visible, string $accessible_name ): string {
		return sprintf(
			'<span class="mcp-native-copy-wrap"><button type="button" class="button button-small mcp-native-copy" data-copy-target="%1$s" aria-label="%2$s">%3$s</button> <span class="mcp-native-copied" aria-live="polite"></span></span>',
			esc_attr( $target_id ),
			esc_attr( $accessible_name ),
			esc_html( $visible )
		);
	}

	/**
	 * A URL as code that may wrap after "/", "." and "-" instead of mid-word (escaped HTML).
	 */
	public static function url( string $url, string $class_name = '' ): string {
		$html = (string) preg_replace( '#(//|/|\.|-|\?|&amp;)#', '$1<wbr>', esc_html( $url ) );
		return '<code class="mcp-native-url-text' . ( '' !== $class_name ? ' ' . esc_attr( $class_name ) : '' ) . '">' . $html . '</code>';
	}

	/**
	 * Pretty JSON in a block that wraps long lines (no sideways scrolling) and scrolls down.
	 */
	public static function json_block( mixed $value, string $id, string $kind ): string {
		return sprintf(
			'<pre class="mcp-native-schema" id="%1$s" data-schema="%2$s">%3$s</pre>',
			esc_attr( $id ),
			esc_attr( $kind ),
			esc_html( ServerOverview::pretty_json( $value ) )
		);
	}

	/**
	 * A form-table row; $html is already escaped.
	 */
	public static function row( string $label, string $html ): string {
		return '<tr><th scope="row">' . esc_html( $label ) . '</th><td>' . $html . '</td></tr>';
	}

	public static function style(): string {
		return '<style>'
			. '.mcp-native-status{max-width:1100px}'
			. '.mcp-native-status code{overflow-wrap:break-word}'
			. '.mcp-native-status .mcp-native-url-text{overflow-wrap:anywhere}'
			. '.mcp-native-status ul.mcp-native-hints{list-style:disc;margin-left:1.5em}'
			. '.mcp-native-status table.mcp-native-params{table-layout:fixed}'
			. '.mcp-native-status table.mcp-native-params th:nth-child(1){width:22%}'
			. '.mcp-native-status table.mcp-native-params th:nth-child(2){width:24%}'
			. '.mcp-native-status table.mcp-native-params th:nth-child(3){width:11%}'
			. '.mcp-native-status table.mcp-native-sites code.mcp-native-site-id{white-space:nowrap}'
			. '.mcp-native-status details.mcp-native-tool{margin:0 0 .5em;padding:.4em .8em;background:#fff;border:1px solid #c3c4c7}'
			. '.mcp-native-status details.mcp-native-tool>summary{cursor:pointer;padding:.2em 0}'
			. '.mcp-native-status details.mcp-native-json{margin:.8em 0}'
			. '.mcp-native-status details.mcp-native-json>summary{cursor:pointer;color:#2271b1}'
			. '.mcp-native-status .mcp-native-badge{display:inline-block;margin-left:.4em;padding:0 .5em;border-radius:3px;background:#f0f6fc;border:1px solid #72aee6;font-size:12px;line-height:1.8;white-space:nowrap}'
			. '.mcp-native-status .mcp-native-badge.is-warning{background:#fcf9e8;border-color:#dba617}'
			. '.mcp-native-status pre.mcp-native-schema{max-height:24em;overflow:auto;background:#f6f7f7;padding:.6em;margin:.4em 0 1em;white-space:pre-wrap;overflow-wrap:anywhere}'
			. '.mcp-native-status table.mcp-native-params{margin:.4em 0 1em}'
			. '.mcp-native-status table.mcp-native-params td{vertical-align:top}'
			. '.mcp-native-status table.mcp-native-servers td,.mcp-native-status table.mcp-native-sites td{vertical-align:top}'
			. '.mcp-native-status .mcp-native-json-head{display:flex;gap:.6em;align-items:center;margin-top:.6em}'
			. '.mcp-native-status .mcp-native-json-head h5{margin:0;font-size:13px}'
			. '.mcp-native-status textarea#mcp-native-claude-config{white-space:pre;overflow:auto}'
			. '.mcp-native-status .mcp-native-copy-wrap{white-space:nowrap}'
			. '</style>';
	}

	/**
	 * The script behind every copy button (clipboard API on secure pages, selection otherwise).
	 */
	public static function copy_script(): void {
		$copied = wp_json_encode( __( 'Copied', 'mcp-native' ) );
		$script = <<<JS
document.addEventListener('click', function (event) {
	var button = event.target.closest ? event.target.closest('.mcp-native-copy') : null;
	if (!button) { return; }
	var field = document.getElementById(button.getAttribute('data-copy-target'));
	if (!field) { return; }
	var text = ('value' in field && typeof field.value === 'string') ? field.value : field.textContent;
	var done = function () { var s = button.parentNode.querySelector('.mcp-native-copied'); if (s) { s.textContent = {$copied}; } };
	if (navigator.clipboard && window.isSecureContext) {
		navigator.clipboard.writeText(text).then(done);
		return;
	}
	var scratch = document.createElement('textarea');
	scratch.value = text; scratch.setAttribute('readonly', ''); scratch.style.position = 'absolute'; scratch.style.left = '-9999px';
	document.body.appendChild(scratch); scratch.select();
	try { document.execCommand('copy'); done(); } catch (e) {}
	document.body.removeChild(scratch);
});
JS;
		wp_print_inline_script_tag( $script );
	}
}
