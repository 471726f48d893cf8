//! Every `unsafe` block in the FFI layer says why it is sound (`// SAFETY:` on the line above),
//! every `unsafe fn` has a `# Safety` section, and the core forbids unsafe code.

use std::fs;
use std::path::{Path, PathBuf};

/// The files under `dir`, its module folders included.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
fn every_unsafe_site_in_ffi_is_justified() {
    let mut missing = Vec::new();
    for path in files_under(Path::new("src/ffi")) {
        let text = fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let is_fn = code.contains("unsafe fn") || code.contains("unsafe extern \"C\" fn");
            if !code.contains("unsafe {") && !code.contains("unsafe{") && !is_fn {
                continue;
            }
            let above: Vec<&str> = lines[..i]
                .iter()
                .rev()
                .take(if is_fn { 8 } else { 1 })
                .copied()
                .collect();
            let ok = if is_fn {
                above
                    .iter()
                    .any(|l| l.trim_start().starts_with("/// # Safety"))
            } else {
                above
                    .iter()
                    .any(|l| l.trim_start().starts_with("// SAFETY:"))
            };
            if !ok {
                missing.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "unsafe without a SAFETY justification:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_core_forbids_unsafe_code() {
    let core = fs::read_to_string("src/core/mod.rs").unwrap();
    assert!(core.contains("#![forbid(unsafe_code)]"));
}
