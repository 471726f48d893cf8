//! `McpNative\validate(mixed $value, array $schema, string $profile = 'standard', string $path = ''): array`
//!
//! Reads the value and the schema in place (zero copy) through `ZvalView`; the compiled schema
//! comes from the core's per-worker cache. Returns the list of violations, each
//! `['path' => …, 'keyword' => …, 'message' => …]`, empty when the value is valid.

use ext_php_rs::args::Arg;
use ext_php_rs::builders::FunctionBuilder;
use ext_php_rs::ffi;
use ext_php_rs::flags::DataType;
use ext_php_rs::types::Zval;
use ext_php_rs::zend::ExecuteData;

use super::functions::{args, expect_array, required, run, type_name, Failure};
use super::zval::{CallScope, ZvalBuilder, ZvalView};
use crate::core::validate::{self, Profile, Violation};

pub const NAME: &str = "McpNative\\validate";

/// Builds the PHP list of violations.
fn violations_zval(list: &[Violation]) -> Zval {
    let (ht, out) = ZvalBuilder::new_array(list.len());
    let mut b = ZvalBuilder::unlimited();
    for v in list {
        let (row, row_z) = ZvalBuilder::new_array(3);
        // SAFETY: `row` is the array made on the line above, owned here until `row_z` moves into `ht`.
        unsafe {
            ZvalBuilder::insert_named(row, b"path", b.bytes(v.path.as_bytes()));
            ZvalBuilder::insert_named(row, b"keyword", b.bytes(v.keyword.as_bytes()));
            ZvalBuilder::insert_named(row, b"message", b.bytes(v.message.as_bytes()));
        }
        let mut row_z = std::mem::ManuallyDrop::new(row_z);
        // SAFETY: `ht` is the new array made above, `row_z` a valid array zval whose ownership moves into it (ManuallyDrop: no second release).
        unsafe {
            ffi::zend_hash_next_index_insert(ht, &mut *row_z as *mut Zval as *mut ffi::zval);
        }
    }
    out
}

fn body(ex: &ExecuteData) -> Result<Zval, Failure> {
    let args = args(ex, NAME, 2, 4)?;
    let value = required(&args, 0);
    let schema = expect_array(required(&args, 1), NAME, 2, "schema", false)?.expect("array");
    let profile = match args[2] {
        None => Profile::Standard,
        Some(p) => {
            let Some(s) = p.zend_str() else {
                return Err(Failure::Type(format!(
                    "{NAME}(): Argument #3 ($profile) must be of type string, {} given",
                    type_name(p)
                )));
            };
            Profile::parse(std::str::from_utf8(s.as_bytes()).unwrap_or("")).ok_or_else(|| {
                Failure::Value(format!(
                    "{NAME}(): Argument #3 ($profile) must be \"standard\" or \"strict\", \"{}\" given",
                    String::from_utf8_lossy(s.as_bytes())
                ))
            })?
        }
    };
    let path = match args[3] {
        None => String::new(),
        Some(p) => match p.zend_str() {
            Some(s) => String::from_utf8_lossy(s.as_bytes()).into_owned(),
            None => {
                return Err(Failure::Type(format!(
                    "{NAME}(): Argument #4 ($path) must be of type string, {} given",
                    type_name(p)
                )))
            }
        },
    };
    let scope = CallScope::default();
    let compiled = validate::compiled(ZvalView::new(schema, &scope), profile);
    let list = compiled.validate_at(ZvalView::new(value, &scope), &path);
    drop(scope);
    // Building the result allocates in PHP, which can end in a memory-limit fatal: `list` is
    // dropped before that fatal is resumed (see `run`).
    match ext_php_rs::zend::try_catch(std::panic::AssertUnwindSafe(|| violations_zval(&list))) {
        Ok(out) => Ok(out),
        Err(_) => {
            super::zval::bailout::note();
            Ok(Zval::null())
        }
    }
}

/// The raw handler.
pub extern "C" fn validate_handler(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || body(ex));
}

/// The function as registered with the module (`ModuleBuilder::function(validate::function())`).
pub fn function() -> FunctionBuilder<'static> {
    FunctionBuilder::new(NAME, validate_handler)
        .arg(Arg::new("value", DataType::Mixed).allow_null())
        .arg(Arg::new("schema", DataType::Array))
        .arg(Arg::new("profile", DataType::String).default("'standard'"))
        .arg(Arg::new("path", DataType::String).default("''"))
        .required_args(2)
        .returns(DataType::Array, false, false)
}
