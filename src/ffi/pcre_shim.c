/*
 * PHP's own PCRE for the `standard` profile's `pattern` and `patternProperties`: what
 * WordPress's rest_validate_json_schema_pattern() gets from preg_match(), by the steps
 * preg_match() takes (ext/pcre/php_pcre.c: php_do_pcre_match, php_pcre_match_impl): PHP's
 * compiled-pattern cache (the same cache entry, so the same compiled code, JIT included), PHP's
 * match context (pcre.backtrack_limit, pcre.recursion_limit, its JIT stack), PHP's match data,
 * and the PCRE call preg_match() makes: for a subject known to be valid UTF-8,
 * pcre2_jit_match() when the pattern was JIT-compiled, else pcre2_match(), with
 * PCRE2_NO_UTF_CHECK; for any other subject, pcre2_match() with options 0 (PCRE checks the
 * UTF-8 and refuses it, or matches). Without php_pcre_match_impl()'s generic work (return
 * value, subpattern arrays, offsets), which a yes/no answer does not need. Compiled by build.rs
 * against the headers of the PHP being built for (PHP 8.2 to 8.4 declare every function used
 * here the same way).
 *
 * Which entries src/ffi/pcre.rs may keep between matches, and for how long, is said there.
 */
#include "php.h"
#include "ext/pcre/php_pcre.h"
#include "ext/standard/basic_functions.h"

/*
 * PHP's cache entry for `regex` (compiled on a miss), or NULL when it does not compile. The
 * compile warning is silenced, as the fallback silences core's: nothing is displayed, logged or
 * handed to a user error handler (error_get_last() does see it). The entry is PHP's: it stays
 * valid while its refcount is held (php_pcre_pce_incref), within one request.
 */
static pcre_cache_entry *mcp_native_pcre_entry(zend_string *regex)
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
 * What a request may keep (src/ffi/pcre.rs says why it is safe): the request's id (0 outside
 * RINIT...RSHUTDOWN), PHP's match context (made once per thread by PCRE's GINIT) and one match
 * data block of this module's own, made on the first hold of the request and freed at its end.
 */
ZEND_TLS uint64_t mcp_native_request;
ZEND_TLS uint64_t mcp_native_last_request;
ZEND_TLS pcre2_match_context *mcp_native_mctx;
ZEND_TLS pcre2_match_data *mcp_native_match_data;

/* A pattern's entry held within one request (the layout of pcre.rs's Slot). */
typedef struct {
	uint64_t request;
	pcre2_code *code;
	uint32_t capture_count;
	int jit;
} mcp_native_pcre_slot;

void mcp_native_pcre_request_start(void)
{
	mcp_native_request = ++mcp_native_last_request;
	mcp_native_mctx = php_pcre_mctx();
}

void mcp_native_pcre_request_end(void)
{
	mcp_native_request = 0;
	if (mcp_native_match_data != NULL) {
		pcre2_match_data_free(mcp_native_match_data);
		mcp_native_match_data = NULL;
	}
}

/*
 * The compiled pattern of `pce`, its number of capturing groups, and whether it was
 * JIT-compiled: PHP marks an entry PREG_JIT when pcre2_jit_compile() succeeded and
 * PCRE2_INFO_JITSIZE is not 0 (it calls the JIT only when pcre.jit is on), read the same way.
 */
static pcre2_code *mcp_native_pcre_code(pcre_cache_entry *pce, uint32_t *capture_count, int *jit)
{
	pcre2_code *re = php_pcre_pce_re(pce);
	size_t jit_size = 0;

	if (pcre2_pattern_info(re, PCRE2_INFO_CAPTURECOUNT, capture_count) < 0) {
		*capture_count = 0;
	}
	*jit = pcre2_pattern_info(re, PCRE2_INFO_JITSIZE, &jit_size) == 0 && jit_size > 0;
	return re;
}

/*
 * Holds `regex`'s entry for the rest of this request and fills `slot`: 1, `*held` set to the
 * entry (the caller releases it with php_pcre_pce_decref at RSHUTDOWN). 0: not held (outside a
 * request, or PHP's LC_CTYPE is not "C": under another locale pcre_get_compiled_regex_cache()
 * keys its entries by locale too, so an entry looked up now would not be preg_match()'s after
 * the locale changes back). -1: the pattern does not compile (preg_match() returns false).
 */
int mcp_native_pcre_hold(zend_string *regex, mcp_native_pcre_slot *slot, pcre_cache_entry **held)
{
	pcre_cache_entry *pce;

	if (mcp_native_request == 0 || BG(ctype_string) != NULL) {
		return 0;
	}
	if (mcp_native_match_data == NULL) {
		mcp_native_match_data = pcre2_match_data_create(1, php_pcre_gctx());
		if (mcp_native_match_data == NULL) {
			return 0;
		}
	}
	pce = mcp_native_pcre_entry(regex);
	if (pce == NULL) {
		return -1;
	}
	php_pcre_pce_incref(pce);
	*held = pce;
	slot->code = mcp_native_pcre_code(pce, &slot->capture_count, &slot->jit);
	slot->request = mcp_native_request;
	return 1;
}

/* preg_last_error() after a failed match, as php_pcre.c's pcre_handle_exec_error() sets it. */
static php_pcre_error_code mcp_native_pcre_error(int rc)
{
	switch (rc) {
		case PCRE2_ERROR_MATCHLIMIT:
			return PHP_PCRE_BACKTRACK_LIMIT_ERROR;
		case PCRE2_ERROR_RECURSIONLIMIT:
			return PHP_PCRE_RECURSION_LIMIT_ERROR;
		case PCRE2_ERROR_BADUTFOFFSET:
			return PHP_PCRE_BAD_UTF8_OFFSET_ERROR;
		case PCRE2_ERROR_JIT_STACKLIMIT:
			return PHP_PCRE_JIT_STACKLIMIT_ERROR;
		default:
			return rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21
				? PHP_PCRE_BAD_UTF8_ERROR : PHP_PCRE_INTERNAL_ERROR;
	}
}

/*
 * preg_match() of `re` (a live cache entry's code, `jit` as mcp_native_pcre_code() gives it) on
 * the subject, with `match_data` and PHP's match context `mctx`, as an int: 1 (a match), 0
 * (none) or -1 (false: the subject is not UTF-8, a backtrack, depth or JIT stack limit was
 * reached). `valid_utf8`: the caller checked the subject is valid UTF-8 (as PHP knows it of a
 * string flagged IS_STR_VALID_UTF8); otherwise PCRE checks it. The ovector's size does not
 * change the answer: with too few pairs PCRE fills what fits and returns 0, a match.
 */
static int mcp_native_pcre_run(pcre2_code *re, int jit, pcre2_match_data *match_data, pcre2_match_context *mctx,
	const char *subject, size_t subject_len, int valid_utf8)
{
	int rc;

	/* php_pcre_match_impl(): `options` is PCRE2_NO_UTF_CHECK for a subject known valid UTF-8. */
	if (valid_utf8 && jit) {
		rc = pcre2_jit_match(re, (PCRE2_SPTR) subject, subject_len, 0, PCRE2_NO_UTF_CHECK, match_data, mctx);
	} else {
		rc = pcre2_match(re, (PCRE2_SPTR) subject, subject_len, 0, valid_utf8 ? PCRE2_NO_UTF_CHECK : 0, match_data, mctx);
	}
	if (rc >= 0) {
		PCRE_G(error_code) = PHP_PCRE_NO_ERROR;
		return 1;
	}
	if (rc == PCRE2_ERROR_NOMATCH) {
		PCRE_G(error_code) = PHP_PCRE_NO_ERROR;
		return 0;
	}
	PCRE_G(error_code) = mcp_native_pcre_error(rc);
	return -1;
}

/*
 * As mcp_native_pcre_match() with the entry `slot` holds: -2 (nothing matched) when the slot
 * may not be used now: filled in another request (or never), or PHP's LC_CTYPE is not "C".
 */
int mcp_native_pcre_exec_held(const mcp_native_pcre_slot *slot, const char *subject, size_t subject_len, int valid_utf8)
{
	if (slot->request != mcp_native_request || slot->request == 0 || BG(ctype_string) != NULL) {
		return -2;
	}
	return mcp_native_pcre_run(slot->code, slot->jit, mcp_native_match_data, mcp_native_mctx, subject, subject_len, valid_utf8);
}

/*
 * preg_match(regex, subject) as an int (see mcp_native_pcre_run; also -1 when the pattern does
 * not compile), keeping nothing: the entry is held only while matching, as preg_match() holds it.
 */
int mcp_native_pcre_match(zend_string *regex, const char *subject, size_t subject_len, int valid_utf8)
{
	pcre_cache_entry *pce = mcp_native_pcre_entry(regex);
	pcre2_match_data *match_data;
	uint32_t capture_count;
	int jit, matched;
	pcre2_code *re;

	if (pce == NULL) {
		return -1;
	}
	php_pcre_pce_incref(pce);
	re = mcp_native_pcre_code(pce, &capture_count, &jit);
	/* PHP's shared match data when free (a count of 0 would make PHP ask PCRE for it again). */
	match_data = php_pcre_create_match_data(capture_count ? capture_count : 1, re);
	if (match_data == NULL) {
		PCRE_G(error_code) = PHP_PCRE_INTERNAL_ERROR;
		matched = -1;
	} else {
		matched = mcp_native_pcre_run(re, jit, match_data, php_pcre_mctx(), subject, subject_len, valid_utf8);
		php_pcre_free_match_data(match_data);
	}
	php_pcre_pce_decref(pce);
	return matched;
}
