//! The invariants of docs/ARCHITECTURE.md that a command can check, checked: the model depends on no
//! reader, runtime or LLVM crate; only the pass's, the sweep's and the disassembler's crates (and through
//! them the CLI's default build) depend on llvm-sys; the pass proper reaches neither the sweep nor the
//! disassembler; only the reader crate parses bytes (no other library source decodes integers from bytes);
//! the model and the reader forbid unsafe code.

use quote::ToTokens;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn cargo_tree(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO"))
        .args(["tree", "--prefix", "none", "-e", "normal"])
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(out.status.success(), "cargo tree {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn rust_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn the_model_is_pure() {
    let tree = cargo_tree(&["-p", "wavebudget-model"]);
    for dep in ["wavebudget-codeobj", "wavebudget-runtime", "llvm-sys", "inkwell", "memmap2", "object"] {
        assert!(!tree.contains(dep), "wavebudget-model depends on {dep}:\n{tree}");
    }
}

/// Issue 49 point 3: the plugin links what it uses. Its ladder types are their own crate, so
/// `libwavebudget_pass.so` holds neither the runtime's HSA loader, libloading, regex nor the engine (which
/// would bring them); adding any of them to the pass crate's dependencies fails here.
#[test]
fn the_plugin_links_no_runtime_loader_or_regex() {
    let tree = cargo_tree(&["-p", "wavebudget-pass"]);
    for dep in ["wavebudget-engine ", "wavebudget-runtime ", "libloading ", "regex ", "regex-automata "] {
        assert!(!tree.lines().any(|l| l.starts_with(dep)), "the pass plugin depends on {dep}:\n{tree}");
    }
    assert!(tree.lines().any(|l| l.starts_with("wavebudget-ladder ")), "{tree}");
}

/// Issue 56 point 3: the in-process sweep and the disassembler live apart from the pass proper. Each level of
/// a sweep is the pass's own work, so the sweep is a crate above the pass proper; the plugin joins them.
#[test]
fn the_pass_proper_reaches_neither_the_sweep_nor_the_disassembler() {
    let tree = cargo_tree(&["-p", "wavebudget-pass-core"]);
    for dep in ["wavebudget-sweep ", "wavebudget-disasm ", "wavebudget-advice "] {
        assert!(!tree.lines().any(|l| l.starts_with(dep)), "the pass proper depends on {dep}:\n{tree}");
    }
    let plugin = cargo_tree(&["-p", "wavebudget-pass", "--depth", "1"]);
    for dep in ["wavebudget-pass-core ", "wavebudget-sweep "] {
        assert!(plugin.lines().any(|l| l.starts_with(dep)), "the plugin does not join {dep}:\n{plugin}");
    }
}

#[test]
fn only_the_pass_and_disassembler_crates_reach_llvm() {
    let users = cargo_tree(&["-i", "llvm-sys"]);
    let crates: Vec<&str> =
        users.lines().filter(|l| l.starts_with("wavebudget")).map(|l| l.split(' ').next().unwrap()).collect();
    for c in &crates {
        assert!(
            matches!(
                *c,
                "wavebudget-pass"
                    | "wavebudget-pass-core"
                    | "wavebudget-sweep"
                    | "wavebudget-disasm"
                    | "wavebudget-cli"
            ),
            "{c} reaches llvm-sys:\n{users}"
        );
    }
    for c in ["wavebudget-pass", "wavebudget-pass-core", "wavebudget-sweep", "wavebudget-disasm"] {
        assert!(crates.contains(&c), "{c}: {users}");
    }
    for c in [
        "wavebudget-model",
        "wavebudget-codeobj",
        "wavebudget-runtime",
        "wavebudget-capi",
        "wavebudget-engine",
        "wavebudget-python",
    ] {
        assert!(!cargo_tree(&["-p", c]).contains("llvm-sys"), "{c} depends on llvm-sys");
    }
}

/// Every library source of the workspace, parsed by `syn` (Rust's grammar, as the compiler's lints read a
/// crate), without its `#[cfg(test)]` modules: tests, benches, fuzz targets, examples and the test helpers
/// are not the library.
fn library_syntax() -> Vec<(String, syn::File)> {
    let mut files = Vec::new();
    for dir in ["src", "crates", "llvm-pass/src"] {
        rust_sources(&root().join(dir), &mut files);
    }
    let mut out = Vec::new();
    for f in files {
        let rel = f.strip_prefix(root()).unwrap().to_string_lossy().to_string();
        if ["/tests/", "/benches/", "/fuzz/", "wavebudget-testkit", "/examples/"]
            .iter()
            .any(|d| format!("/{rel}").contains(d))
        {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
        out.push((rel, file));
    }
    assert!(out.len() > 80, "only {} library sources", out.len());
    out
}

/// `#[cfg(test)]` exactly (not `cfg(not(test))`, not `cfg(any(test, ...))`).
fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test"))
}

/// Whether a type is `String` (or `std::string::String`).
fn is_string(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "String"))
}

/// The `T` of a type `Option<T>`.
fn option_of(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return None };
    match args.args.first() {
        Some(syn::GenericArgument::Type(t)) if last.ident == "Option" => Some(t),
        _ => None,
    }
}

/// The methods that add two counts (and `zip`, which pairs two optional counts for a sum).
const ADDS: [&str; 6] = ["saturating_add", "checked_add", "wrapping_add", "overflowing_add", "strict_add", "zip"];

/// What the checks below find in the library's syntax trees.
#[derive(Default)]
struct Found {
    file: String,
    /// Structs (and the table's `record!`) with both a `vgpr_count` and an `sgpr_count` field.
    both_counts: Vec<String>,
    /// Error variants printed whole from one `String` (`#[error("{0}")] V(String)`).
    prose_variants: Vec<String>,
    /// Functions that refuse with a `String` (`-> Result<_, String>`).
    string_refusals: Vec<String>,
    /// Struct fields that carry a reason or an error as prose (`reason: String`, `error: Option<String>`).
    prose_fields: Vec<String>,
    /// Struct literals whose `message` is a `format!`.
    formatted_messages: Vec<String>,
    /// Additions (`+`, `*_add`, `zip`) of the two spill counts, and functions named `spill_sum`.
    spill_sums: Vec<String>,
    /// The function being walked.
    function: Vec<String>,
}

impl Found {
    fn at(&self, what: impl std::fmt::Display) -> String {
        format!("{}: {what}", self.file)
    }

    /// `owner`'s fields; a struct's (`of_struct`) are held to carry no reason or error as prose (an error
    /// variant may carry another program's words, which its `#[error]` prints).
    fn fields(&mut self, owner: &str, fields: &syn::Fields, of_struct: bool) {
        let named = |n: &str| fields.iter().any(|f| f.ident.as_ref().is_some_and(|i| i == n));
        if named("vgpr_count") && named("sgpr_count") {
            self.both_counts.push(self.at(owner));
        }
        for f in fields {
            let Some(name) = &f.ident else { continue };
            let prose = is_string(&f.ty) || option_of(&f.ty).is_some_and(is_string);
            if of_struct && prose && (name == "reason" || name == "error") {
                self.prose_fields.push(self.at(format!("{owner}.{name}")));
            }
        }
    }
}

/// The identifiers an expression names: its fields and paths.
fn names_in(e: &syn::Expr) -> Vec<String> {
    struct Names(Vec<String>);
    impl<'a> syn::visit::Visit<'a> for Names {
        fn visit_member(&mut self, m: &'a syn::Member) {
            if let syn::Member::Named(i) = m {
                self.0.push(i.to_string());
            }
        }
        fn visit_ident(&mut self, i: &'a proc_macro2::Ident) {
            self.0.push(i.to_string());
        }
    }
    let mut n = Names(Vec::new());
    syn::visit::Visit::visit_expr(&mut n, e);
    n.0
}

impl<'a> syn::visit::Visit<'a> for Found {
    fn visit_item_mod(&mut self, m: &'a syn::ItemMod) {
        if !is_cfg_test(&m.attrs) {
            syn::visit::visit_item_mod(self, m);
        }
    }

    fn visit_item_struct(&mut self, s: &'a syn::ItemStruct) {
        self.fields(&s.ident.to_string(), &s.fields, true);
        syn::visit::visit_item_struct(self, s);
    }

    fn visit_item_enum(&mut self, e: &'a syn::ItemEnum) {
        for v in &e.variants {
            self.fields(&format!("{}::{}", e.ident, v.ident), &v.fields, false);
            let whole = v
                .attrs
                .iter()
                .any(|a| a.path().is_ident("error") && a.parse_args::<syn::LitStr>().is_ok_and(|l| l.value() == "{0}"));
            let one_string =
                matches!(&v.fields, syn::Fields::Unnamed(f) if f.unnamed.len() == 1 && is_string(&f.unnamed[0].ty));
            if whole && one_string {
                self.prose_variants.push(self.at(format!("{}::{}", e.ident, v.ident)));
            }
        }
        syn::visit::visit_item_enum(self, e);
    }

    fn visit_item_macro(&mut self, m: &'a syn::ItemMacro) {
        // The kernel table's record is declared through `record! { field: type, ... }`.
        if m.mac.path.is_ident("record") {
            use syn::parse::Parser;
            let parse = syn::punctuated::Punctuated::<syn::Field, syn::Token![,]>::parse_terminated_with;
            if let Ok(fields) =
                (|input: syn::parse::ParseStream| parse(input, syn::Field::parse_named)).parse2(m.mac.tokens.clone())
            {
                let fields = syn::Fields::Named(syn::FieldsNamed { brace_token: Default::default(), named: fields });
                self.fields("record! (RawRecord)", &fields, true);
            }
        }
        syn::visit::visit_item_macro(self, m);
    }

    fn visit_signature(&mut self, sig: &'a syn::Signature) {
        if sig.ident == "spill_sum" {
            self.spill_sums.push(self.at(format!("fn {}", sig.ident)));
        }
        if let syn::ReturnType::Type(_, ty) = &sig.output {
            if let syn::Type::Path(p) = &**ty {
                let last = p.path.segments.last().unwrap();
                if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
                    let err = args.args.iter().nth(1);
                    if last.ident == "Result" && matches!(err, Some(syn::GenericArgument::Type(t)) if is_string(t)) {
                        self.string_refusals.push(self.at(format!("fn {}", sig.ident)));
                    }
                }
            }
        }
        syn::visit::visit_signature(self, sig);
    }

    fn visit_item_fn(&mut self, f: &'a syn::ItemFn) {
        self.function.push(f.sig.ident.to_string());
        syn::visit::visit_item_fn(self, f);
        self.function.pop();
    }

    fn visit_impl_item_fn(&mut self, f: &'a syn::ImplItemFn) {
        self.function.push(f.sig.ident.to_string());
        syn::visit::visit_impl_item_fn(self, f);
        self.function.pop();
    }

    fn visit_expr_struct(&mut self, e: &'a syn::ExprStruct) {
        for f in &e.fields {
            let message = matches!(&f.member, syn::Member::Named(i) if i == "message");
            if message && matches!(&f.expr, syn::Expr::Macro(m) if m.mac.path.is_ident("format")) {
                self.formatted_messages.push(self.at(e.path.to_token_stream()));
            }
        }
        syn::visit::visit_expr_struct(self, e);
    }

    fn visit_expr(&mut self, e: &'a syn::Expr) {
        let adds = match e {
            syn::Expr::Binary(b) => matches!(b.op, syn::BinOp::Add(_) | syn::BinOp::AddAssign(_)),
            syn::Expr::MethodCall(m) => ADDS.iter().any(|n| m.method == n),
            // `u32::checked_add(a, b)`, `Option::zip(a, b)`: the same sums as paths.
            syn::Expr::Call(c) => matches!(&*c.func, syn::Expr::Path(p)
                if p.path.segments.last().is_some_and(|s| ADDS.iter().any(|n| s.ident == n))),
            _ => false,
        };
        if adds {
            let names = names_in(e);
            if names.iter().any(|n| n == "vgpr_spill_count") && names.iter().any(|n| n == "sgpr_spill_count") {
                let within = self.function.last().cloned().unwrap_or_default();
                self.spill_sums.push(self.at(format!("an addition of both spill counts in fn {within}")));
            }
        }
        syn::visit::visit_expr(self, e);
    }
}

/// The library's syntax trees, walked once for the three checks below.
fn found() -> Vec<Found> {
    library_syntax()
        .into_iter()
        .map(|(file, tree)| {
            let mut f = Found { file, ..Found::default() };
            syn::visit::Visit::visit_file(&mut f, &tree);
            f
        })
        .collect()
}

fn all(found: &[Found], pick: impl Fn(&Found) -> &Vec<String>) -> Vec<String> {
    let mut v: Vec<String> = found.iter().flat_map(|f| pick(f).iter().cloned()).collect();
    v.sort();
    v
}

/// Issue 13: one kernel-resources type. Besides the metadata decoder (`KernelMeta`), the table record
/// (declared through `record!`) and the shared type (`KernelResources`), only the model's answer
/// (`Occupancy`, which reports the counts it evaluated) and one note that quotes them carry both counts;
/// every other type holds one of these. Read from the library's syntax trees (structs, enum variants and the table's macro), not its text.
#[test]
fn four_types_carry_a_kernels_register_counts() {
    assert_eq!(
        all(&found(), |f| &f.both_counts),
        [
            "crates/wavebudget-codeobj/src/metadata.rs: KernelMeta",
            "crates/wavebudget-codeobj/src/table.rs: record! (RawRecord)",
            // A note quoting the counts it compares with the descriptor's (its message names both); the
            // text check this replaces read structs only and did not see it.
            "crates/wavebudget-engine/src/note.rs: Note::PaddedAtNoCost",
            "crates/wavebudget-model/src/kernel.rs: KernelResources",
            "crates/wavebudget-model/src/occupancy.rs: Occupancy",
        ],
        "types carrying both vgpr_count and sgpr_count: hold KernelResources (or KernelMeta) instead"
    );
}

/// A refusal is a variant with data, its English only in `Display`: no error variant is a bare `String`
/// printed whole (`#[error("{0}")] Variant(String)`), except those holding another program's message
/// (clap's, LLVM's parser's, serde's). No library function refuses with a `String` but serde's words with
/// their path and the C API's argument check (whose text goes to the caller's error buffer); no reason or
/// error is a `String` field; no diagnostic is a formatted `message` (the pass's are `Finding`s).
#[test]
fn refusals_are_not_prose_in_a_string() {
    let found = found();
    assert_eq!(
        all(&found, |f| &f.prose_variants),
        [
            "crates/wavebudget-cli/src/usage.rs: UsageError::Arguments",
            "crates/wavebudget-engine/src/lib.rs: SweepProblem::Shape",
            "llvm-pass/src/error.rs: Error::Parse",
            "llvm-pass/src/error.rs: RecordsProblem::NotASweep",
            "llvm-pass/src/error.rs: RecordsProblem::NotInspect",
        ],
        "a refusal written as prose in a String"
    );
    assert_eq!(
        all(&found, |f| &f.string_refusals),
        [
            "crates/wavebudget-capi/src/lib.rs: fn str_arg",
            "crates/wavebudget-ladder/src/lib.rs: fn from_json",
            "crates/wavebudget-ladder/src/lib.rs: fn from_value",
            "crates/wavebudget-ladder/src/lib.rs: fn read_typed",
            "crates/wavebudget-ladder/src/lib.rs: fn resources_complete",
        ],
        "a library function that refuses with a String"
    );
    assert_eq!(all(&found, |f| &f.prose_fields), Vec::<String>::new(), "a reason or an error as prose");
    assert_eq!(all(&found, |f| &f.formatted_messages), Vec::<String>::new(), "a diagnostic as a formatted message");
}

/// The VGPR + SGPR spill sum is written once, in the model (`KernelResources::spill_sum`): no other
/// function adds the two spill counts (four did, with different answers for an overflow or a missing
/// count). Read from the syntax trees: an addition (`+`, `+=`, `saturating_add` and the like, `zip`, as
/// methods or as paths: `u32::checked_add(a, b)`) whose operands name both counts, or a second `spill_sum`. The launch range's one product is held by a type
/// instead: `LaunchDims` keeps its dimensions private, so `LaunchDims::threads` is the only product.
#[test]
fn the_spill_rule_is_written_once() {
    assert_eq!(
        all(&found(), |f| &f.spill_sums),
        ["crates/wavebudget-model/src/kernel.rs: fn spill_sum"],
        "the spill counts added outside KernelResources::spill_sum"
    );
}

/// The types the sweep writes and the engine reads back are one, the ladder crate's: held by the compiler
/// (each door's name for a sweep's type is the ladder crate's type, or this does not build), not by reading
/// sources. Reading the sweep's JSON by hand is clippy's to refuse (`clippy.toml`: `serde_json::Value::get`).
#[cfg(feature = "llvm")]
#[test]
fn the_sweeps_types_are_the_ladder_crates() {
    use std::marker::PhantomData as Of;
    fn same<T>(_: Of<T>, _: Of<T>) {}
    // What the sweep writes (its crate's re-exports) is what the engine reads and the pass records.
    same(Of::<wavebudget_sweep::Sweep>, Of::<wavebudget_engine::ladder::Sweep>);
    same(Of::<wavebudget_sweep::Level>, Of::<wavebudget_engine::ladder::Level>);
    same(Of::<wavebudget_sweep::KernelLadder>, Of::<wavebudget_engine::ladder::KernelLadder>);
    same(Of::<wavebudget_pass_core::records::Rung>, Of::<wavebudget_engine::ladder::Rung>);
}

/// The CLI is argument parsing and rendering, and a JSON document with a type of ours is read in it: both
/// are held by clippy (`.ci/run` runs it with `-D warnings`), not by reading sources. Clippy reads the
/// `clippy.toml` nearest a crate's manifest, so the CLI's (crates/wavebudget-cli/clippy.toml) replaces the
/// workspace's for the CLI: it must hold every rule of the workspace's, then the CLI's own (the engine's
/// work: reading a sweep, the dispatch's kernel table, the spill sum, a kernel's launch, the processor
/// list). The workspace's disallows walking a JSON value by key (`serde_json::Value::get`, `pointer`)
/// except where a site says why its document has no type.
#[test]
fn the_clis_clippy_list_is_the_workspaces_and_its_own() {
    let rules = |path: &str| -> Vec<String> {
        let text = std::fs::read_to_string(root().join(path)).unwrap();
        text.lines().map(str::trim).filter(|l| l.starts_with("{ path = ")).map(str::to_string).collect()
    };
    let workspace = rules("clippy.toml");
    let cli = rules("crates/wavebudget-cli/clippy.toml");
    assert!(workspace.iter().any(|r| r.contains("\"serde_json::Value::get\"")), "{workspace:?}");
    assert_eq!(cli[..workspace.len().min(cli.len())], workspace[..], "the CLI's clippy.toml lost a workspace rule");
    let own: Vec<&str> = cli[workspace.len()..].iter().map(|r| r.split('"').nth(1).unwrap()).collect();
    for engine in [
        "wavebudget_ladder::Sweep::from_json",
        "wavebudget_runtime::Kernels::open",
        "wavebudget_model::kernel::KernelResources::spill_sum",
        "wavebudget_model::kernel::KernelResources::launch_of",
        "wavebudget_model::targets::processor",
    ] {
        assert!(own.contains(&engine), "the CLI may call {engine}: {own:?}");
    }
}

/// The Python extension reaches the engine and the report, typed: it depends on neither the CLI crate
/// (no argument vector, issue 49 point 2) nor serde_json (no JSON text between; its answers are Python
/// objects made from the serde form by `pythonize`, and a candidate is read by the engine's
/// `advise::CandidateObject`). Its modules' imports are held by tests/test_wavebudget.py
/// `test_the_modules_call_typed_functions_not_the_command_or_json`; a `wavebudget.Error` without a kind
/// cannot be made (its type is private to `refusal` in src/lib.rs).
#[test]
fn python_reaches_the_engine_not_the_cli_nor_json() {
    let tree = cargo_tree(&["-p", "wavebudget-python", "--depth", "1"]);
    for dep in ["wavebudget-cli ", "serde_json "] {
        assert!(!tree.lines().any(|l| l.starts_with(dep)), "wavebudget-python depends on {dep}:\n{tree}");
    }
    for dep in ["wavebudget-engine ", "wavebudget-report ", "pythonize "] {
        assert!(tree.lines().any(|l| l.starts_with(dep)), "{dep}: {tree}");
    }
    let all = cargo_tree(&["-p", "wavebudget-python"]);
    assert!(!all.lines().any(|l| l.starts_with("wavebudget-cli ")), "wavebudget-python reaches the CLI:\n{all}");
}
