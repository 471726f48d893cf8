//! `McpNative\coerce_booleans(mixed $value, array $schema): mixed`: the `standard` argument
//! profile's coercion (`core::argument_profile`) over zvals read in place; only the arrays that
//! change are new.

use ext_php_rs::args::Arg;
use ext_php_rs::builders::FunctionBuilder;
use ext_php_rs::flags::DataType;
use ext_php_rs::types::Zval;
use ext_php_rs::zend::ExecuteData;

use super::functions::{args, expect_array, required, run, Failure};
use super::zval::{CallScope, MemoryBudget, ZvalBuilder, ZvalView};
use crate::core::argument_profile::{self, CoercionBuilder};

pub const NAME: &str = "McpNative\\coerce_booleans";

impl<'a> CoercionBuilder<'a, ZvalView<'a>> for ZvalBuilder {
    fn boolean(&mut self, value: bool) -> Zval {
        ZvalBuilder::boolean(value)
    }
}

fn body(ex: &ExecuteData) -> Result<Zval, Failure> {
    let args = args(ex, NAME, 2, 2)?;
    let schema = expect_array(required(&args, 1), NAME, 2, "schema", false)?.expect("array");
    let scope = CallScope::default();
    let value = ZvalView::new(required(&args, 0), &scope);
    let mut builder = ZvalBuilder {
        budget: MemoryBudget::of_request(),
    };
    let coerced =
        argument_profile::coerce_booleans(value, ZvalView::new(schema, &scope), &mut builder);
    if let Some(limit) = builder.budget.refused_at() {
        return Err(Failure::Schema(format!(
            "The coerced arguments do not fit in memory_limit ({limit} bytes)"
        )));
    }
    Ok(coerced.unwrap_or_else(|| value.share()))
}

/// The raw handler.
pub extern "C" fn coerce_booleans_handler(ex: &mut ExecuteData, retval: &mut Zval) {
    run(retval, || body(ex));
}

/// The function as registered with the module.
pub fn function() -> FunctionBuilder<'static> {
    FunctionBuilder::new(NAME, coerce_booleans_handler)
        .arg(Arg::new("value", DataType::Mixed).allow_null())
        .arg(Arg::new("schema", DataType::Array))
        .returns(DataType::Mixed, false, true)
}
