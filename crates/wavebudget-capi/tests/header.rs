//! `include/wavebudget.h` against the Rust declarations in `src/lib.rs`: every exported function (name,
//! parameter types, return type) and every `#[repr(C)]` struct (its fields' names and types, in order) is
//! the same on both sides, so the header and the library cannot drift apart. The Rust side is parsed with
//! syn; the header with a small reader of its (plain C) declarations.

use std::collections::BTreeMap;
use syn::{Fields, FnArg, Item, ReturnType, Type};

/// A Rust type as the header spells it.
fn c_type(t: &Type) -> String {
    match t {
        Type::Ptr(p) => {
            let inner = c_type(&p.elem);
            let is_const = p.const_token.is_some();
            if inner.ends_with('*') {
                // A pointer to a pointer: `const char *const *`, `wb_device **`.
                format!("{inner}{} *", if is_const { "const" } else { "" }).replace("* *", "**")
            } else {
                format!("{}{inner} *", if is_const { "const " } else { "" })
            }
        }
        Type::Path(p) => {
            let last = p.path.segments.last().unwrap();
            let name = last.ident.to_string();
            match name.as_str() {
                "u8" => "uint8_t".into(),
                "u32" => "uint32_t".into(),
                "i32" => "int32_t".into(),
                "u64" => "uint64_t".into(),
                "usize" => "size_t".into(),
                "c_int" => "int".into(),
                "c_long" => "long".into(),
                "c_char" => "char".into(),
                "c_void" => "void".into(),
                "Option" => "wb_lds_fn".into(), // the one callback type
                _ => mirrored(&name),
            }
        }
        other => panic!("a C API type the check does not know: {}", quote_type(other)),
    }
}

fn quote_type(t: &Type) -> String {
    format!("{t:?}").chars().take(80).collect()
}

/// `WbBatchOut` -> `wb_batch_out` unless its doc comment says "Mirror of `wb_x`".
fn mirrored(rust: &str) -> String {
    MIRRORS.with(|m| m.borrow().get(rust).cloned()).unwrap_or_else(|| {
        let mut out = String::new();
        for (i, c) in rust.chars().enumerate() {
            if c.is_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    })
}

thread_local! {
    static MIRRORS: std::cell::RefCell<BTreeMap<String, String>> = const { std::cell::RefCell::new(BTreeMap::new()) };
}

fn norm(s: &str) -> String {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    s.replace(" *", "*").replace("* ", "*").replace("*const", "* const")
}

#[test]
fn header_declares_what_the_library_exports() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = syn::parse_file(&std::fs::read_to_string(root.join("src/lib.rs")).unwrap()).unwrap();
    let header = std::fs::read_to_string(root.join("include/wavebudget.h")).unwrap();
    // Comments removed: the declarations alone.
    let mut text = String::new();
    let mut rest = header.as_str();
    while let Some(i) = rest.find("/*") {
        text.push_str(&rest[..i]);
        rest = &rest[rest[i..].find("*/").unwrap() + i + 2..];
    }
    text.push_str(rest);

    // Structs first (their doc comments name their C mirrors).
    let mut rust_structs = BTreeMap::new();
    for item in &file.items {
        if let Item::Struct(s) = item {
            let docs: String = s
                .attrs
                .iter()
                .filter(|a| a.path().is_ident("doc"))
                .filter_map(|a| match &a.meta {
                    syn::Meta::NameValue(nv) => match &nv.value {
                        syn::Expr::Lit(l) => match &l.lit {
                            syn::Lit::Str(s) => Some(s.value()),
                            _ => None,
                        },
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
            if let Some(rest) = docs.split("Mirror of `").nth(1) {
                let c = rest.split('`').next().unwrap().to_string();
                MIRRORS.with(|m| m.borrow_mut().insert(s.ident.to_string(), c));
            }
            let repr_c = s.attrs.iter().any(|a| a.path().is_ident("repr"));
            if repr_c {
                let Fields::Named(f) = &s.fields else { panic!("{}: named fields", s.ident) };
                let fields: Vec<String> =
                    f.named.iter().map(|f| norm(&format!("{} {}", c_type(&f.ty), f.ident.as_ref().unwrap()))).collect();
                rust_structs.insert(s.ident.to_string(), fields);
            }
        }
    }
    let mut checked_structs = 0;
    for (rust, fields) in &rust_structs {
        let c = mirrored(rust);
        let start =
            text.find(&format!("typedef struct {c} {{")).unwrap_or_else(|| panic!("{c} ({rust}) is not in the header"));
        let body = &text[start..];
        let body = &body[body.find('{').unwrap() + 1..body.find(&format!("}} {c};")).unwrap()];
        let c_fields: Vec<String> = body
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .flat_map(|l| l.split(';').filter(|d| !d.trim().is_empty()).map(|d| norm(d.trim())).collect::<Vec<_>>())
            .collect();
        assert_eq!(&c_fields, fields, "struct {c} (Rust {rust})");
        checked_structs += 1;
    }

    // Functions: every #[no_mangle] extern "C" fn, and every prototype in the header.
    let mut rust_fns = BTreeMap::new();
    for item in &file.items {
        if let Item::Fn(f) = item {
            if f.sig.abi.is_some() && f.attrs.iter().any(|a| a.path().is_ident("no_mangle")) {
                let params: Vec<String> = f
                    .sig
                    .inputs
                    .iter()
                    .map(|a| match a {
                        FnArg::Typed(t) => norm(&c_type(&t.ty)),
                        FnArg::Receiver(_) => panic!("a method in the C API"),
                    })
                    .collect();
                let ret = match &f.sig.output {
                    ReturnType::Default => "void".to_string(),
                    ReturnType::Type(_, t) => norm(&c_type(t)),
                };
                rust_fns.insert(f.sig.ident.to_string(), (ret, params));
            }
        }
    }
    // The header's prototypes: statements that end in `);` and name a wb_ function.
    let mut c_fns = BTreeMap::new();
    for stmt in text.split(';') {
        let stmt = stmt.lines().filter(|l| !l.trim_start().starts_with('#')).collect::<Vec<_>>().join(" ");
        let stmt = stmt.trim();
        let Some(open) = stmt.find('(') else { continue };
        if !stmt.ends_with(')') || stmt.starts_with("typedef") || stmt.contains('{') || stmt.contains('}') {
            continue;
        }
        let head = &stmt[..open];
        let name_at = head.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
        let (ret, name) = (norm(&head[..name_at]), head[name_at..].to_string());
        if !name.starts_with("wb_") {
            continue;
        }
        let params: Vec<String> = stmt[open + 1..stmt.len() - 1]
            .split(',')
            .map(|p| {
                let p = p.trim();
                if p == "void" {
                    return String::new();
                }
                // Drop the parameter's name (the last identifier).
                let cut = p.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
                norm(&p[..cut])
            })
            .filter(|p| !p.is_empty())
            .collect();
        c_fns.insert(name, (ret, params));
    }
    assert_eq!(
        c_fns.keys().collect::<Vec<_>>(),
        rust_fns.keys().collect::<Vec<_>>(),
        "functions in the header vs exported by src/lib.rs"
    );
    for (name, rust) in &rust_fns {
        assert_eq!(&c_fns[name], rust, "{name}: header (return, parameters) vs Rust");
    }
    assert!(rust_fns.len() >= 17 && checked_structs >= 6, "{} functions, {checked_structs} structs", rust_fns.len());
}
