/*
 * PHP's own PCRE for the `standard` profile's `pattern` and `patternProperties`: what
 * WordPress's rest_validate_json_schema_pattern() gets from preg_match(), by the same calls
 * preg_match() makes (PHP's compiled-pattern cache, its JIT, pcre.backtrack_limit and
 * pcre.recursion_limit, its UTF-8 check of the subject). Compiled by build.rs against the headers
 * of the PHP being built for, so the Zend macros and php_pcre_match_impl()'s signature are that
 * PHP's own (MCP_NATIVE_PCRE_MATCH_USE_FLAGS: whether it still takes the `use_flags` argument).
 */
#include "php.h"
#include "ext/pcre/php_pcre.h"

/*
 * PHP's cache entry for `regex` (compiled on a miss), or NULL when it does not compile. The
 * compile warning is silenced, as the fallback silences core's: nothing is displayed, logged or
 * handed to a user error handler (error_get_last() does see it).
 */
static pcre_cache_entry *mcp_native_quiet_cache_entry(zend_string *regex)
{
	int reporting = EG(error_reporting);
	zval handler;
	pcre_cache_entry *pce;

	ZVAL_COPY_VALUE(&handler, &EG(user_error_handler));
	ZVAL_UNDEF(&EG(user_error_handler));
	EG(error_reporting) = 0;
	pce = pcre_get_compiled_regex_cache(regex);
	EG(error_reporting) = reporting;
	ZVAL_COPY_VALUE(&EG(user_error_handler), &handler);
	return pce;
}

/*
 * preg_match(regex, subject) as an int: 1 (a match), 0 (none) or -1 (false: the pattern does
 * not compile, the subject is not UTF-8 under /u, a backtrack or JIT limit was reached).
 * `regex` is the whole pattern with its delimiters and flags; the caller keeps it alive.
 */
int mcp_native_pcre_match(zend_string *regex, const char *subject, size_t subject_len)
{
	pcre_cache_entry *pce = mcp_native_quiet_cache_entry(regex);
	zend_string *subject_str;
	zval result;
	ALLOCA_FLAG(use_heap)

	if (pce == NULL) {
		return -1;
	}
	/* On the stack when short (PHP's own alloca string): nothing keeps the subject. */
	ZSTR_ALLOCA_INIT(subject_str, subject, subject_len, use_heap);
	ZVAL_UNDEF(&result);
	/* As preg_match(): the entry is held while matching (a match may not evict it). */
	php_pcre_pce_incref(pce);
#if MCP_NATIVE_PCRE_MATCH_USE_FLAGS
	php_pcre_match_impl(pce, subject_str, &result, NULL, 0, 0, 0, 0);
#else
	php_pcre_match_impl(pce, subject_str, &result, NULL, 0, 0, 0);
#endif
	php_pcre_pce_decref(pce);
	ZSTR_ALLOCA_FREE(subject_str, use_heap);
	if (Z_TYPE(result) != IS_LONG) {
		zval_ptr_dtor(&result);
		return -1;
	}
	return Z_LVAL(result) == 1 ? 1 : 0;
}
