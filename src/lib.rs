//! `mcp_native`: the schema and argument layer of WordPress's MCP integration, natively.
//!
//! [`core`] is pure Rust (no PHP types); [`ffi`] is the thin layer that reads zvals in place and
//! registers the PHP API (`McpNative\…`).

pub mod core;
pub mod ffi;

/// The extension's version (`McpNative\version()`, `php --ri mcp_native`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
