//! `McpNative\validate(mixed $value, array $schema, string $profile = 'standard'): array`
//!
//! Reads the value and the schema in place (zero copy) through `ZvalView`; the compiled schema
//! comes from the core's per-worker cache. Returns the list of violations, each
//! `['path' => …, 'keyword' => …, 'message' => …]`, empty when the value is valid.

use std::panic::{catch_unwind, AssertUnwindSafe};

use ext_php_rs::args::Arg;
use ext_php_rs::builders::FunctionBuilder;
use ext_php_rs::exception::PhpException;
use ext_php_rs::ffi;
use ext_php_rs::flags::DataType;
use ext_php_rs::types::Zval;
use ext_php_rs::zend::{ce, ExecuteData};

use super::zval::{deref, CallScope, ZvalBuilder, ZvalView};
use crate::core::validate::{self, Profile, Violation};

pub const NAME: &str = "McpNative\\validate";

enum Failure {
    Type(String),
    Value(String),
    Count(String),
}

fn type_name(zv: &Zval) -> String {
    match zv.get_type() {
        DataType::Null => "null".into(),
        DataType::False | DataType::True | DataType::Bool => "bool".into(),
        DataType::Long => "int".into(),
        DataType::Double => "float".into(),
        DataType::String => "string".into(),
        DataType::Array => "array".into(),
        DataType::Object(_) => zv.object().and_then(|o| o.get_class_name().ok()).unwrap_or_else(|| "object".into()),
        _ => "resource".into(),
    }
}

/// Builds the PHP list of violations.
fn violations_zval(list: &[Violation]) -> Zval {
    let (ht, out) = ZvalBuilder::new_array(list.len());
    let mut b = ZvalBuilder;
    for v in list {
        let (row, row_z) = ZvalBuilder::new_array(3);
        ZvalBuilder::insert_named(row, b"path", b.bytes(v.path.as_bytes()));
        ZvalBuilder::insert_named(row, b"keyword", b.bytes(v.keyword.as_bytes()));
        ZvalBuilder::insert_named(row, b"message", b.bytes(v.message.as_bytes()));
        let mut row_z = std::mem::ManuallyDrop::new(row_z);
        unsafe {
            ffi::zend_hash_next_index_insert(ht, &mut *row_z as *mut Zval as *mut ffi::zval);
        }
    }
    out
}

fn body(ex: &ExecuteData) -> Result<Zval, Failure> {
    let given = unsafe { ex.This.u2.num_args } as usize;
    if !(2..=3).contains(&given) {
        let (bound, n) = if given < 2 { ("at least", 2) } else { ("at most", 3) };
        return Err(Failure::Count(format!("{NAME}() expects {bound} {n} arguments, {given} given")));
    }
    let arg = |i: usize| deref(unsafe { ex.zend_call_arg(i) }.expect("argument slot"));
    let value = arg(0);
    let schema = arg(1);
    if !schema.is_array() {
        return Err(Failure::Type(format!(
            "{NAME}(): Argument #2 ($schema) must be of type array, {} given",
            type_name(schema)
        )));
    }
    let profile = if given == 3 {
        let p = arg(2);
        let Some(s) = p.zend_str() else {
            return Err(Failure::Type(format!(
                "{NAME}(): Argument #3 ($profile) must be of type string, {} given",
                type_name(p)
            )));
        };
        let name = std::str::from_utf8(s.as_bytes()).unwrap_or("");
        Profile::parse(name).ok_or_else(|| {
            Failure::Value(format!(
                "{NAME}(): Argument #3 ($profile) must be \"standard\" or \"strict\", \"{}\" given",
                String::from_utf8_lossy(s.as_bytes())
            ))
        })?
    } else {
        Profile::Standard
    };
    let scope = CallScope::default();
    let compiled = validate::compiled(ZvalView::new(schema, &scope), profile);
    let list = compiled.validate(ZvalView::new(value, &scope));
    Ok(violations_zval(&list))
}

/// The raw handler.
pub extern "C" fn validate_handler(ex: &mut ExecuteData, retval: &mut Zval) {
    match catch_unwind(AssertUnwindSafe(|| body(ex))) {
        Ok(Ok(z)) => unsafe { std::ptr::write(retval, z) },
        Ok(Err(f)) => {
            let (m, c) = match f {
                Failure::Type(m) => (m, ce::type_error()),
                Failure::Value(m) => (m, ce::value_error()),
                Failure::Count(m) => (m, ce::argument_count_error()),
            };
            let _ = PhpException::new(m, 0, c).throw();
        }
        Err(_) => {
            let _ = PhpException::new("mcp_native: internal error (caught panic)".into(), 0, ce::error()).throw();
        }
    }
}

/// The function as registered with the module (`ModuleBuilder::function(validate::function())`).
pub fn function() -> FunctionBuilder<'static> {
    FunctionBuilder::new(NAME, validate_handler)
        .arg(Arg::new("value", DataType::Mixed).allow_null())
        .arg(Arg::new("schema", DataType::Array))
        .arg(Arg::new("profile", DataType::String).default("'standard'"))
        .required_args(2)
        .returns(DataType::Array, false, false)
}
