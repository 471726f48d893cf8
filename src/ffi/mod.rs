//! The thin FFI layer: zval views (`zval`), the PHP functions (`functions`, `validate`,
//! `argument_profile`) and the module.

pub mod argument_profile;
pub mod functions;
pub mod hooks;
pub mod pcre;
pub mod validate;
pub mod zval;

use ext_php_rs::builders::ClassBuilder;
use ext_php_rs::flags::{ClassFlags, MethodFlags};
use ext_php_rs::prelude::*;
use ext_php_rs::zend::{ClassEntry, ModuleEntry};
use ext_php_rs::{info_table_end, info_table_row, info_table_start};

fn invalid_argument_exception() -> &'static ClassEntry {
    zval::startup_class("InvalidArgumentException").expect("SPL is always loaded before extensions")
}

/// The engine points into a class's arginfo tables for the life of the process.
fn keep_arg_info(_class: &'static mut ClassEntry, tables: ext_php_rs::args::ArgInfoTables) {
    std::mem::forget(tables);
}

/// MINIT: intern keys, register the classes.
///
/// # Safety
/// Called by the engine only, once at MINIT, on the main thread, before any request.
unsafe extern "C" fn startup(_type: i32, _module: i32) -> i32 {
    zval::init_statics();
    pcre::install();
    hooks::install();
    let exception = ClassBuilder::new(functions::SCHEMA_EXCEPTION)
        .extends((invalid_argument_exception, "\\InvalidArgumentException"))
        .registration(keep_arg_info)
        .register();
    let transformer = ClassBuilder::new(functions::SCHEMA_TRANSFORMER)
        .flags(ClassFlags::Final)
        .method(
            functions::transform_method(),
            MethodFlags::Public | MethodFlags::Static,
        )
        .registration(keep_arg_info)
        .register();
    if exception.is_ok() && transformer.is_ok() {
        0
    } else {
        -1
    }
}

/// RINIT / RSHUTDOWN: what PCRE entries a request holds (see [`pcre`]).
///
/// # Safety
/// Called by the engine only, at each request's start and end.
unsafe extern "C" fn request_startup(_type: i32, _module: i32) -> i32 {
    pcre::request_startup();
    0
}

/// See [`request_startup`].
///
/// # Safety
/// Called by the engine only, at each request's end (before PCRE's own RSHUTDOWN).
unsafe extern "C" fn request_shutdown(_type: i32, _module: i32) -> i32 {
    pcre::request_shutdown();
    0
}

extern "C" fn module_info(_module: *mut ModuleEntry) {
    info_table_start!();
    info_table_row!("mcp_native support", "enabled");
    info_table_row!("version", crate::VERSION);
    info_table_row!("max schema depth", crate::core::MAX_DEPTH.to_string());
    info_table_end!();
}

#[php_module]
pub fn get_module(module: ModuleBuilder) -> ModuleBuilder {
    let module = functions::functions()
        .into_iter()
        .fold(module, ModuleBuilder::function)
        .function(validate::function())
        .function(argument_profile::function());
    module
        .startup_function(startup)
        .request_startup_function(request_startup)
        .request_shutdown_function(request_shutdown)
        .constant(("McpNative\\MAX_DEPTH", crate::core::MAX_DEPTH as i64, &[]))
        .constant((
            "McpNative\\MAX_VIOLATIONS",
            crate::core::validate::MAX_VIOLATIONS as i64,
            &[],
        ))
        .constant((
            "McpNative\\MAX_PATTERN_BYTES",
            crate::core::MAX_PATTERN_BYTES as i64,
            &[],
        ))
        .constant(("McpNative\\VERSION", crate::VERSION, &[]))
        .info_function(module_info)
}
