//! The PHP functions `McpNative\…`: argument checks, the core call, the result as a zval.
//!
//! Handlers are raw (`FunctionBuilder` + our own argument checks) so that arginfo states the
//! exact PHP types (`?array`, `mixed`) and arguments are read in place without conversion.

use std::panic::{catch_unwind, AssertUnwindSafe};

use ext_php_rs::args::Arg;
use ext_php_rs::builders::FunctionBuilder;
use ext_php_rs::exception::PhpException;
use ext_php_rs::flags::DataType;
use ext_php_rs::types::Zval;
use ext_php_rs::zend::{ce, ClassEntry, ExecuteData};

use super::zval::{bailout, deref, CallScope, MemoryBudget, Name, ZvalBuilder, ZvalView};
use crate::core::arguments::{self, Normalized, Unwrapped};
use crate::core::transform;

/// Class of the exception thrown for schemas we refuse (too deep, failing jsonSerialize()).
pub const SCHEMA_EXCEPTION: &str = "McpNative\\SchemaException";
pub const SCHEMA_TRANSFORMER: &str = "McpNative\\SchemaTransformer";

/// Why a call failed; thrown as a PHP exception.
pub(super) enum Failure {
    Type(String),
    Value(String),
    ArgumentCount(String),
    Schema(String),
}

fn throw(failure: Failure) {
    let (message, class): (String, &'static ClassEntry) = match failure {
        Failure::Type(m) => (m, ce::type_error()),
        Failure::Value(m) => (m, ce::value_error()),
        Failure::ArgumentCount(m) => (m, ce::argument_count_error()),
        Failure::Schema(m) => (
            m,
            ClassEntry::try_find(SCHEMA_EXCEPTION).unwrap_or_else(ce::exception),
        ),
    };
    // A message quoting an argument may hold a NUL byte, which the engine's message (a C string)
    // cannot: written `\0`, as the fallback writes it.
    let message = if message.contains('\0') {
        message.replace('\0', "\\0")
    } else {
        message
    };
    // Does nothing when PHP code we called (jsonSerialize) already threw: that exception wins.
    PhpException::new(message, 0, class).throw();
}

/// Runs a handler body: writes its value to `retval`, throws its failure, and never lets a
/// panic unwind into PHP. A PHP fatal error caught during the body is resumed here, after
/// every Rust value the body owned has been dropped (a bailout longjmps over Rust frames).
pub(super) fn run(retval: &mut Zval, body: impl FnOnce() -> Result<Zval, Failure>) {
    let outcome = catch_unwind(AssertUnwindSafe(body));
    if bailout::take() {
        drop(outcome);
        // The engine's own catch point (the request's) takes over, as it would have without us.
        // SAFETY: this frame owns nothing that needs dropping any more.
        unsafe { ext_php_rs::zend::bailout() };
    }
    match outcome {
        // SAFETY: `retval` is the engine's uninitialised return slot: written once, never read or dropped first.
        Ok(Ok(value)) => unsafe { std::ptr::write(retval, value) },
        Ok(Err(failure)) => throw(failure),
        Err(_) => {
            PhpException::new(
                "mcp_native: internal error (caught panic)".into(),
                0,
                ce::error(),
            )
            .throw();
        }
    }
}

/// The call's arguments (up to four), checked for count; missing optional ones are `None`.
#[inline]
pub(super) fn args<'a>(
    ex: &'a ExecuteData,
    name: &str,
    min: u32,
    max: u32,
) -> Result<[Option<&'a Zval>; 4], Failure> {
    // SAFETY: the engine passes the live frame of this call; `num_args` is set for every internal call.
    let given = unsafe { ex.This.u2.num_args };
    if given < min || given > max {
        let (bound, n) = if given < min {
            ("at least", min)
        } else {
            ("at most", max)
        };
        let bound = if min == max { "exactly" } else { bound };
        let plural = if n == 1 { "" } else { "s" };
        return Err(Failure::ArgumentCount(format!(
            "{name}() expects {bound} {n} argument{plural}, {given} given"
        )));
    }
    let arg = |i: u32| {
        (i < given).then(|| {
            // SAFETY: slots below `num_args` are initialised arguments of the live frame.
            let slot = unsafe { ex.zend_call_arg(i as usize) };
            deref(slot.expect("argument slot"))
        })
    };
    Ok([arg(0), arg(1), arg(2), arg(3)])
}

/// A required argument (the count was checked).
pub(super) fn required<'a>(args: &[Option<&'a Zval>; 4], i: usize) -> &'a Zval {
    args[i].expect("argument count checked")
}

pub(super) fn type_name(zv: &Zval) -> String {
    match zv.get_type() {
        DataType::Null => "null".into(),
        DataType::False | DataType::True | DataType::Bool => "bool".into(),
        DataType::Long => "int".into(),
        DataType::Double => "float".into(),
        DataType::String => "string".into(),
        DataType::Array => "array".into(),
        // An anonymous class's name runs on after a NUL byte (its file and line): PHP's own
        // messages stop at the NUL ("class@anonymous"), and so do ours.
        DataType::Object(_) => zv
            .object()
            .and_then(|o| o.get_class_name().ok())
            .map(|name| name.split('\0').next().unwrap_or_default().to_owned())
            .unwrap_or_else(|| "object".into()),
        _ => "resource".into(),
    }
}

#[inline]
pub(super) fn expect_array<'a>(
    zv: &'a Zval,
    name: &str,
    n: usize,
    param: &str,
    nullable: bool,
) -> Result<Option<&'a Zval>, Failure> {
    if zv.is_array() {
        return Ok(Some(zv));
    }
    if nullable && zv.is_null() {
        return Ok(None);
    }
    let expected = if nullable { "?array" } else { "array" };
    Err(Failure::Type(format!(
        "{name}(): Argument #{n} (${param}) must be of type {expected}, {} given",
        type_name(zv)
    )))
}

const TRANSFORM: &str = "McpNative\\SchemaTransformer::transform_to_object_schema";

/// A `string $wrapper_key` argument (a property name: UTF-8).
fn wrapper_key<'a>(z: &'a Zval, function: &str) -> Result<&'a str, Failure> {
    match z.zend_str() {
        Some(s) => std::str::from_utf8(s.as_bytes()).map_err(|_| {
            Failure::Value(format!(
                "{function}(): Argument #2 ($wrapper_key) must be valid UTF-8"
            ))
        }),
        None => Err(Failure::Type(format!(
            "{function}(): Argument #2 ($wrapper_key) must be of type string, {} given",
            type_name(z)
        ))),
    }
}

/// The builder a schema walk uses: it counts what it allocates against `memory_limit`.
fn schema_builder() -> ZvalBuilder {
    ZvalBuilder {
        budget: MemoryBudget::of_request(),
    }
}

/// Fails the call when the builder refused an allocation for `memory_limit`.
fn within_budget(builder: &ZvalBuilder) -> Result<(), Failure> {
    match builder.budget.refused_at() {
        Some(limit) => Err(Failure::Schema(format!(
            "The transformed schema does not fit in memory_limit ({limit} bytes)"
        ))),
        None => Ok(()),
    }
}

/// `SchemaTransformer::transform_to_object_schema(?array $schema, string $wrapper_key = 'input'): array`
pub extern "C" fn transform_to_object_schema(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        let args = args(ex, TRANSFORM, 1, 2)?;
        let schema = expect_array(required(&args, 0), TRANSFORM, 1, "schema", true)?;
        let (wrapper_key, given_key) = match args[1] {
            None => (arguments::DEFAULT_INPUT_WRAPPER, None),
            Some(z) => (wrapper_key(z, TRANSFORM)?, Some(z)),
        };
        let scope = CallScope::default();
        let mut builder = schema_builder();
        let view = schema.map(|s| ZvalView::new(s, &scope));
        let result = transform::transform_to_object_schema(view, wrapper_key, &mut builder)
            .map_err(|e| Failure::Schema(e.to_string()))?;
        within_budget(&builder)?;
        let (ht, out) = ZvalBuilder::new_array(3);
        let schema = builder.value(result.schema);
        // The wrapper is the key asked for: the argument's own string, or the interned default.
        let wrapper = match (result.wrapper_property, given_key) {
            (Some(_), Some(key)) => key.shallow_clone(),
            (Some(_), None) => Name::Input.string(),
            (None, _) => Zval::null(),
        };
        // SAFETY: `ht` is the array made just above by new_array, owned here until `out` is returned; no reference to it is alive; each key is added once.
        unsafe {
            ZvalBuilder::insert_new(ht, Name::Schema, schema);
            ZvalBuilder::insert_new(
                ht,
                Name::WasTransformed,
                ZvalBuilder::boolean(result.was_transformed),
            );
            ZvalBuilder::insert_new(ht, Name::WrapperProperty, wrapper);
        }
        Ok(out)
    })
}

const WIRE_TOOL: &str = "McpNative\\wire_tool_schema";

/// `wire_tool_schema(array $schema, string $wrapper_key): array`
pub extern "C" fn wire_tool_schema(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        let args = args(ex, WIRE_TOOL, 2, 2)?;
        let schema =
            expect_array(required(&args, 0), WIRE_TOOL, 1, "schema", false)?.expect("array");
        let given_key = required(&args, 1);
        let wrapper_key = wrapper_key(given_key, WIRE_TOOL)?;
        let scope = CallScope::default();
        let mut builder = schema_builder();
        let result =
            transform::wire_tool_schema(ZvalView::new(schema, &scope), wrapper_key, &mut builder)
                .map_err(|e| Failure::Schema(e.to_string()))?;
        within_budget(&builder)?;
        let (ht, out) = ZvalBuilder::new_array(2);
        let schema = builder.value(result.schema);
        // The wrapper is the key asked for: the argument's own string.
        let wrapper = if result.wrapper.is_some() {
            given_key.shallow_clone()
        } else {
            Zval::null()
        };
        // SAFETY: `ht` is the array made just above by new_array, owned here until `out` is returned; no reference to it is alive; each key is added once.
        unsafe {
            ZvalBuilder::insert_new(ht, Name::Schema, schema);
            ZvalBuilder::insert_new(ht, Name::Wrapper, wrapper);
        }
        Ok(out)
    })
}

const WIRE_ABILITY: &str = "McpNative\\wire_ability_schema";

/// `wire_ability_schema(array $schema): array|stdClass`
pub extern "C" fn wire_ability_schema(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        let args = args(ex, WIRE_ABILITY, 1, 1)?;
        let schema =
            expect_array(required(&args, 0), WIRE_ABILITY, 1, "schema", false)?.expect("array");
        let scope = CallScope::default();
        let mut builder = schema_builder();
        let result = transform::wire_ability_schema(ZvalView::new(schema, &scope), &mut builder)
            .map_err(|e| Failure::Schema(e.to_string()))?;
        within_budget(&builder)?;
        Ok(builder.value(result))
    })
}

const UNWRAP: &str = "McpNative\\unwrap_input_if_needed";

/// `unwrap_input_if_needed(mixed $arguments, array $adapter_meta): mixed`
pub extern "C" fn unwrap_input_if_needed(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        let args = args(ex, UNWRAP, 2, 2)?;
        let meta =
            expect_array(required(&args, 1), UNWRAP, 2, "adapter_meta", false)?.expect("array");
        let scope = CallScope::default();
        let arguments = ZvalView::new(required(&args, 0), &scope);
        Ok(
            match arguments::unwrap_input_if_needed(arguments, ZvalView::new(meta, &scope)) {
                Unwrapped::Same => arguments.share(),
                Unwrapped::Null => Zval::null(),
                Unwrapped::Value(v) => v.share(),
            },
        )
    })
}

const WRAP: &str = "McpNative\\wrap_output_if_needed";

/// `wrap_output_if_needed(mixed $result, array $adapter_meta): mixed`
pub extern "C" fn wrap_output_if_needed(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        let args = args(ex, WRAP, 2, 2)?;
        let meta =
            expect_array(required(&args, 1), WRAP, 2, "adapter_meta", false)?.expect("array");
        let scope = CallScope::default();
        let result = ZvalView::new(required(&args, 0), &scope);
        Ok(
            match arguments::output_wrapper(ZvalView::new(meta, &scope)) {
                None => result.share(),
                Some(key) => {
                    let (ht, out) = ZvalBuilder::new_array(1);
                    // SAFETY: `ht` is the array made on the line above, owned here until `out` is returned.
                    unsafe { ZvalBuilder::insert_named(ht, key, result.share()) };
                    out
                }
            },
        )
    })
}

const NORMALIZE: &str = "McpNative\\normalize_arguments";

/// `normalize_arguments(?array $input_schema, mixed $parameters): mixed`
pub extern "C" fn normalize_arguments(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        let args = args(ex, NORMALIZE, 2, 2)?;
        let schema = expect_array(required(&args, 0), NORMALIZE, 1, "input_schema", true)?;
        let scope = CallScope::default();
        let parameters = ZvalView::new(required(&args, 1), &scope);
        let schema = schema.map(|s| ZvalView::new(s, &scope));
        Ok(match arguments::normalize_arguments(schema, parameters) {
            Normalized::Same => parameters.share(),
            Normalized::Null => Zval::null(),
            Normalized::EmptyArray => ZvalBuilder::new_array(0).1,
        })
    })
}

/// `version(): string`
pub extern "C" fn version(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        args(ex, "McpNative\\version", 0, 0)?;
        let mut z = Zval::new();
        let _ = z.set_string(crate::VERSION, false);
        Ok(z)
    })
}

/// `schema_keywords(): array`: the core's keyword table, keyword => position.
pub extern "C" fn schema_keywords(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        args(ex, "McpNative\\schema_keywords", 0, 0)?;
        let (ht, out) = ZvalBuilder::new_array(crate::core::keywords::KEYWORDS.len());
        let mut builder = ZvalBuilder::unlimited();
        for (name, position) in crate::core::keywords::all() {
            // SAFETY: `ht` is the array made above, owned here until `out` is returned; keywords are unique.
            unsafe {
                ZvalBuilder::insert_named(
                    ht,
                    name.as_bytes(),
                    builder.bytes(position.name().as_bytes()),
                )
            };
        }
        Ok(out)
    })
}

const FINGERPRINT: &str = "McpNative\\fingerprint";

/// `fingerprint(mixed $value): ?string`: null for a value that has none (`core::fingerprint`).
pub extern "C" fn fingerprint(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        let args = args(ex, FINGERPRINT, 1, 1)?;
        let scope = CallScope::default();
        Ok(
            match crate::core::fingerprint::fingerprint(ZvalView::new(required(&args, 0), &scope)) {
                Ok(hex) => ZvalBuilder::unlimited().bytes(hex.as_bytes()),
                Err(_) => Zval::null(),
            },
        )
    })
}

/// A `string $key` argument of the cache functions.
fn cache_key<'a>(z: &'a Zval, function: &str) -> Result<&'a [u8], Failure> {
    z.zend_str().map(|s| s.as_bytes()).ok_or_else(|| {
        Failure::Type(format!(
            "{function}(): Argument #1 ($key) must be of type string, {} given",
            type_name(z)
        ))
    })
}

const CACHE_FETCH: &str = "McpNative\\cache_fetch";

/// `cache_fetch(string $key): ?array`: the list stored under `$key` in this process, or null
/// (also when copying it would pass `memory_limit`: the caller then builds it as on a miss).
pub extern "C" fn cache_fetch(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        let args = args(ex, CACHE_FETCH, 1, 1)?;
        let Some(parts) =
            crate::core::list_cache::fetch(cache_key(required(&args, 0), CACHE_FETCH)?)
        else {
            return Ok(Zval::null());
        };
        let mut builder = schema_builder();
        let (ht, out) = ZvalBuilder::new_array(parts.len());
        for (i, part) in parts.iter().enumerate() {
            let text = builder.bytes(part);
            if builder.budget.refused_at().is_some() {
                crate::core::list_cache::refused();
                return Ok(Zval::null()); // `out` and what it holds are freed on drop
            }
            ZvalBuilder::insert_index(ht, i as i64, text);
        }
        Ok(out)
    })
}

const CACHE_STORE: &str = "McpNative\\cache_store";

/// `cache_store(string $key, array $parts): bool`: keeps a list of strings for later requests of
/// this process; false when it is larger than the whole store (found before it is copied: the
/// copy is the process's memory, which `memory_limit` does not bound).
pub extern "C" fn cache_store(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        let args = args(ex, CACHE_STORE, 2, 2)?;
        let key = cache_key(required(&args, 0), CACHE_STORE)?;
        let list =
            expect_array(required(&args, 1), CACHE_STORE, 2, "parts", false)?.expect("array");
        let table = list.array().expect("an array");
        let mut texts = Vec::with_capacity(table.len());
        for (i, (_, value)) in table.iter().enumerate() {
            match deref(value).zend_str() {
                Some(s) => texts.push(s.as_bytes()),
                None => {
                    return Err(Failure::Type(format!(
                        "{CACHE_STORE}(): Argument #2 ($parts) must hold only strings, {} at position {i}",
                        type_name(value)
                    )))
                }
            }
        }
        let mut z = Zval::new();
        z.set_bool(crate::core::list_cache::store_parts(key, &texts));
        Ok(z)
    })
}

/// `cache_info(): array`: entries, bytes, max_entries, max_bytes, hits, misses, refused of this
/// process.
pub extern "C" fn cache_info(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        args(ex, "McpNative\\cache_info", 0, 0)?;
        use crate::core::list_cache::{stats, MAX_BYTES, MAX_ENTRIES};
        let s = stats();
        let (ht, out) = ZvalBuilder::new_array(7);
        for (name, n) in [
            ("entries", s.entries as u64),
            ("bytes", s.bytes as u64),
            ("max_entries", MAX_ENTRIES as u64),
            ("max_bytes", MAX_BYTES as u64),
            ("hits", s.hits),
            ("misses", s.misses),
            ("refused", s.refused),
        ] {
            let mut z = Zval::new();
            z.set_long(i64::try_from(n).unwrap_or(i64::MAX));
            // SAFETY: `ht` is the array made above, owned here until `out` is returned.
            unsafe { ZvalBuilder::insert_named(ht, name.as_bytes(), z) };
        }
        Ok(out)
    })
}

/// `cache_clear(): void`: forgets every entry of this process.
pub extern "C" fn cache_clear(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || {
        args(ex, "McpNative\\cache_clear", 0, 0)?;
        crate::core::list_cache::clear();
        Ok(Zval::null())
    })
}

/// The namespaced functions, as registered with the module.
pub fn functions() -> Vec<FunctionBuilder<'static>> {
    vec![
        FunctionBuilder::new(UNWRAP, unwrap_input_if_needed)
            .arg(Arg::new("arguments", DataType::Mixed).allow_null())
            .arg(Arg::new("adapter_meta", DataType::Array))
            .returns(DataType::Mixed, false, true),
        FunctionBuilder::new(WRAP, wrap_output_if_needed)
            .arg(Arg::new("result", DataType::Mixed).allow_null())
            .arg(Arg::new("adapter_meta", DataType::Array))
            .returns(DataType::Mixed, false, true),
        FunctionBuilder::new(NORMALIZE, normalize_arguments)
            .arg(Arg::new("input_schema", DataType::Array).allow_null())
            .arg(Arg::new("parameters", DataType::Mixed).allow_null())
            .returns(DataType::Mixed, false, true),
        FunctionBuilder::new(WIRE_TOOL, wire_tool_schema)
            .arg(Arg::new("schema", DataType::Array))
            .arg(Arg::new("wrapper_key", DataType::String))
            .returns(DataType::Array, false, false),
        // array|stdClass: one arginfo type cannot say it (the stubs do, in their docblock).
        FunctionBuilder::new(WIRE_ABILITY, wire_ability_schema)
            .arg(Arg::new("schema", DataType::Array))
            .returns(DataType::Mixed, false, true),
        FunctionBuilder::new("McpNative\\version", version).returns(DataType::String, false, false),
        FunctionBuilder::new("McpNative\\schema_keywords", schema_keywords).returns(
            DataType::Array,
            false,
            false,
        ),
        FunctionBuilder::new(FINGERPRINT, fingerprint)
            .arg(Arg::new("value", DataType::Mixed).allow_null())
            .returns(DataType::String, false, true),
        FunctionBuilder::new(CACHE_FETCH, cache_fetch)
            .arg(Arg::new("key", DataType::String))
            .returns(DataType::Array, false, true),
        FunctionBuilder::new(CACHE_STORE, cache_store)
            .arg(Arg::new("key", DataType::String))
            .arg(Arg::new("parts", DataType::Array))
            .returns(DataType::Bool, false, false),
        FunctionBuilder::new("McpNative\\cache_info", cache_info).returns(
            DataType::Array,
            false,
            false,
        ),
        FunctionBuilder::new("McpNative\\cache_clear", cache_clear).returns(
            DataType::Void,
            false,
            false,
        ),
    ]
}

/// The static method of `McpNative\SchemaTransformer`.
pub fn transform_method() -> FunctionBuilder<'static> {
    FunctionBuilder::new("transform_to_object_schema", transform_to_object_schema)
        .arg(Arg::new("schema", DataType::Array).allow_null())
        .arg(Arg::new("wrapper_key", DataType::String).default("'input'"))
        .required_args(1)
        .returns(DataType::Array, false, false)
}
