<?php
/**
 * An ability's result as prompt messages.
 *
 * @package McpNative
 */

declare(strict_types=1);

namespace McpNative\Plugin\Prompts;

use McpNative\Plugin\Json;

/**
 * The shapes the official adapter accepts, in its order:
 *  1. `{messages: [{role, content}, …], description?}` (the MCP GetPromptResult);
 *  2. `{text: "…", annotations?, description?}`: one user message;
 *  3. `{role, content}`: one message;
 *  4. `{texts: ["…", …], role?}`: one message per text;
 *  5. anything else: its JSON as one user text message.
 * Going further: a plain string is one user text message, and content is checked against its
 * type (text needs `text`; image and audio `data` and `mimeType`; resource a `resource` with a
 * `uri` and `text` or `blob`; resource_link a `uri` and `name`): content a client would reject is
 * sent as its JSON text instead, so one bad item never fails the whole prompts/get in the client.
 * A string content is a text item; a missing or unknown role is `user`.
 */
final class PromptMessages {

	private const ROLES = array( 'user', 'assistant' );

	/**
	 * @param mixed  $result      The ability's value.
	 * @param string $description The prompt's description (used when the result has none).
	 * @return array{messages: list<array<string, mixed>>, description?: string}
	 */
	public static function from_result( mixed $result, string $description ): array {
		$messages = array();
		if ( is_string( $result ) ) {
			$messages[] = self::message( 'user', $result );
		} elseif ( is_array( $result ) && is_array( $result['messages'] ?? null ) ) {
			foreach ( $result['messages'] as $message ) {
				if ( is_array( $message ) ) {
					$messages[] = self::message( $message['role'] ?? null, $message['content'] ?? '' );
				}
			}
		} elseif ( is_array( $result ) && is_string( $result['text'] ?? null ) ) {
			$content = array(
				'type' => 'text',
				'text' => $result['text'],
			);
			if ( is_array( $result['annotations'] ?? null ) ) {
				$content['annotations'] = $result['annotations'];
			}
			$messages[] = self::message( 'user', $content );
		} elseif ( is_array( $result ) && isset( $result['role'], $result['content'] ) ) {
			$messages[] = self::message( $result['role'], $result['content'] );
		} elseif ( is_array( $result ) && is_array( $result['texts'] ?? null ) ) {
			foreach ( $result['texts'] as $text ) {
				if ( is_string( $text ) ) {
					$messages[] = self::message( $result['role'] ?? null, $text );
				}
			}
		} else {
			$messages[] = self::message( 'user', self::json_text( $result ) );
		}
		if ( array() === $messages ) {
			$messages[] = self::message( 'user', '(No messages returned)' );
		}

		$out         = array( 'messages' => $messages );
		$description = is_array( $result ) && is_string( $result['description'] ?? null ) ? $result['description'] : $description;
		if ( '' !== $description ) {
			$out['description'] = $description;
		}
		return $out;
	}

	/**
	 * @return array{role: string, content: array<string, mixed>}
	 */
	private static function message( mixed $role, mixed $content ): array {
		return array(
			'role'    => in_array( $role, self::ROLES, true ) ? $role : 'user',
			'content' => self::content( $content ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function content( mixed $content ): array {
		if ( is_string( $content ) ) {
			return array(
				'type' => 'text',
				'text' => $content,
			);
		}
		if ( ! is_array( $content ) ) {
			return array(
				'type' => 'text',
				'text' => self::json_text( $content ),
			);
		}
		$type = $content['type'] ?? null;
		if ( null === $type && is_string( $content['text'] ?? null ) ) {
			$content['type'] = 'text';
			$type            = 'text';
		}
		$valid = match ( $type ) {
			'text'          => is_string( $content['text'] ?? null ),
			'image', 'audio' => is_string( $content['data'] ?? null ) && is_string( $content['mimeType'] ?? null ),
			'resource'      => is_array( $content['resource'] ?? null ) && is_string( $content['resource']['uri'] ?? null )
				&& ( is_string( $content['resource']['text'] ?? null ) || is_string( $content['resource']['blob'] ?? null ) ),
			'resource_link' => is_string( $content['uri'] ?? null ) && is_string( $content['name'] ?? null ),
			default         => false,
		};
		if ( ! $valid ) {
			return array(
				'type' => 'text',
				'text' => self::json_text( $content ),
			);
		}
		if ( isset( $content['annotations'] ) && ! is_array( $content['annotations'] ) ) {
			unset( $content['annotations'] );
		}
		return $content;
	}

	private static function json_text( mixed $value ): string {
		return Json::encode( $value ) ?? '{}';
	}
}
