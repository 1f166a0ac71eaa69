//! Target strings as users write them: `gfx90a`, `gfx942:sramecc+:xnack-`, `amdgcn-amd-amdhsa--gfx950`,
//! bundle entry ids (`hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-`) and product names (`MI300X`, `RX 7900 XTX`).

use crate::error::{FeatureRefusal, ModelError};
use crate::targets::{Processor, NOT_MODELLED, PROCESSORS, REMOVED};
use serde::Serialize;

/// A processor plus the target-id feature settings (`None` = "any", LLVM's default).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TargetId {
    /// The table row.
    #[serde(serialize_with = "ser_name")]
    pub processor: &'static Processor,
    /// `xnack+` / `xnack-`.
    pub xnack: Option<bool>,
    /// `sramecc+` / `sramecc-`.
    pub sramecc: Option<bool>,
}

fn ser_name<S: serde::Serializer>(p: &&'static Processor, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(p.name)
}

impl PartialEq for Processor {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl TargetId {
    /// The canonical target id (`gfx942:sramecc+:xnack-`), features in LLVM's order.
    pub fn canonical(&self) -> String {
        let mut s = self.processor.name.to_string();
        if let Some(v) = self.sramecc {
            s.push_str(if v { ":sramecc+" } else { ":sramecc-" });
        }
        if let Some(v) = self.xnack {
            s.push_str(if v { ":xnack+" } else { ":xnack-" });
        }
        s
    }
}

/// The `xnack` and `sramecc` settings (in that order) a `"target-features"` string makes: `+xnack`,
/// `-sramecc`, the last setting of each winning, `None` where it makes none, as LLVM's target ID reads the
/// string (`AMDGPUTargetID::setTargetIDFromFeaturesString`). The one reading of it: the pass's plan (a
/// kernel's target ID) and its records (which build a kernel matches) take it.
pub fn feature_settings(features: &str) -> (Option<bool>, Option<bool>) {
    let last = |name: &str| {
        features.split(',').rev().find_map(|f| match f.trim().split_at_checked(1) {
            Some(("+", n)) if n == name => Some(true),
            Some(("-", n)) if n == name => Some(false),
            _ => None,
        })
    };
    (last("xnack"), last("sramecc"))
}

/// Reduce a product name to letters and digits, dropping vendor words.
fn normalize_product(s: &str) -> String {
    let lower = s.to_ascii_lowercase();
    let kept: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty() && !matches!(*w, "amd" | "instinct" | "radeon" | "graphics" | "ati"))
        .collect();
    kept.concat()
}

/// Parse a target string or product name. A name the model does not know is refused with up to three
/// names close to it ([`suggestions`]).
pub fn parse_target(input: &str) -> Result<TargetId, ModelError> {
    read_target(input).map_err(|e| match e {
        ModelError::UnknownTarget { name, .. } => {
            ModelError::UnknownTarget { suggestions: suggestions(input.trim()), name }
        }
        e => e,
    })
}

/// The target ID [`parse_target`] reads in `input`, where it reads one: for readers that only ask what a
/// known target says (a build's xnack and sramecc, for each kernel of a file), without the refusal's
/// suggestions, which compare the name with every processor and product.
pub fn target_id_of(input: &str) -> Option<TargetId> {
    read_target(input).ok()
}

/// [`parse_target`] without the suggestions of an unknown name.
fn read_target(input: &str) -> Result<TargetId, ModelError> {
    let trimmed = input.trim();
    // Triples and bundle ids put the processor after the last "--" (a triple with no environment); a
    // triple with one puts it after the fourth "-" (`amdgpu9.42-amd-amdhsa-unknown-gfx942`, the
    // `amdhsa.target` of Triton's code objects).
    let after_triple = match trimmed.rfind("--") {
        Some(i) => &trimmed[i + 2..],
        None if trimmed.starts_with("amdg") => trimmed.splitn(5, '-').nth(4).unwrap_or(trimmed),
        None => trimmed,
    };
    let mut parts = after_triple.split(':');
    let proc_part = parts.next().unwrap_or("");
    // Processor names are lower case: matched as written first (the usual spelling), then without case;
    // lowered only on the way to a refusal.
    let found = PROCESSORS.iter().find(|p| p.name == proc_part);
    if let Some(p) = found.or_else(|| PROCESSORS.iter().find(|p| p.name.eq_ignore_ascii_case(proc_part))) {
        let mut id = TargetId { processor: p, xnack: None, sramecc: None };
        for feat in parts {
            let (name, on) = match feat.strip_suffix('+') {
                Some(n) => (n, true),
                None => match feat.strip_suffix('-') {
                    Some(n) => (n, false),
                    None => {
                        return Err(ModelError::BadFeature {
                            target: input.to_string(),
                            reason: FeatureRefusal::NoSign { feature: feat.to_string() },
                        })
                    }
                },
            };
            let (slot, supported, feature) = match name {
                "xnack" => (&mut id.xnack, p.xnack, "xnack"),
                "sramecc" => (&mut id.sramecc, p.sramecc, "sramecc"),
                _ => {
                    return Err(ModelError::BadFeature {
                        target: input.to_string(),
                        reason: FeatureRefusal::Unknown { feature: name.to_string() },
                    })
                }
            };
            if !supported {
                return Err(ModelError::BadFeature {
                    target: input.to_string(),
                    reason: FeatureRefusal::Unsupported { processor: p.name, feature },
                });
            }
            if slot.is_some() {
                return Err(ModelError::BadFeature {
                    target: input.to_string(),
                    reason: FeatureRefusal::Twice { feature },
                });
            }
            *slot = Some(on);
        }
        return Ok(id);
    }
    let proc_part = proc_part.to_ascii_lowercase();
    if let Some((_, repl)) = REMOVED.iter().find(|(n, _)| *n == proc_part) {
        return Err(ModelError::RemovedTarget { name: proc_part, replacement: repl });
    }
    if NOT_MODELLED.contains(&proc_part.as_str()) {
        return Err(ModelError::NotModelled { name: proc_part });
    }
    let norm = normalize_product(trimmed);
    if !norm.is_empty() {
        for p in PROCESSORS {
            if p.products.iter().any(|prod| normalize_product(prod) == norm) {
                return Ok(TargetId { processor: p, xnack: None, sramecc: None });
            }
        }
    }
    Err(ModelError::UnknownTarget { name: input.to_string(), suggestions: Vec::new() })
}

/// Up to three names close to `input`: processors first, then products.
pub fn suggestions(input: &str) -> Vec<String> {
    let lower = input.to_ascii_lowercase();
    let norm = normalize_product(input);
    let mut scored: Vec<(f64, String)> = Vec::new();
    for p in PROCESSORS {
        let d = strsim::jaro_winkler(&lower, p.name);
        let lev = strsim::levenshtein(&lower, p.name);
        if d >= 0.88 || lev <= 1 {
            scored.push((d + if lev <= 1 { 1.0 } else { 0.0 }, p.name.to_string()));
        }
        for prod in p.products {
            let pn = normalize_product(prod);
            let d = strsim::jaro_winkler(&norm, &pn);
            if !norm.is_empty() && (d >= 0.9 || strsim::levenshtein(&norm, &pn) <= 1) {
                scored.push((d, format!("{prod} ({})", p.name)));
            }
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, n)| n).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn feature_strings_set_xnack_and_sramecc_as_llvm_reads_them() {
        use super::feature_settings;
        assert_eq!(feature_settings(""), (None, None));
        assert_eq!(feature_settings("+xnack,-sramecc"), (Some(true), Some(false)));
        // The last setting wins; other features and spaces are no setting.
        assert_eq!(feature_settings("+xnack, +wavefrontsize64 ,-xnack"), (Some(false), None));
        assert_eq!(feature_settings("+xnack-on,sramecc,+sramecc"), (None, Some(true)));
    }

    use super::*;

    fn check(input: &str, expected: Result<&str, &str>) {
        match (parse_target(input), expected) {
            (Ok(id), Ok(canon)) => assert_eq!(id.canonical(), canon, "{input}"),
            (Err(e), Err(frag)) => {
                let msg = e.to_string();
                assert!(msg.contains(frag), "{input}: '{msg}' lacks '{frag}'")
            }
            (got, want) => panic!("{input}: got {got:?}, want {want:?}"),
        }
    }

    #[test]
    fn target_strings() {
        check("gfx90a", Ok("gfx90a"));
        check("gfx90a:xnack-", Ok("gfx90a:xnack-"));
        check("gfx942:sramecc+:xnack-", Ok("gfx942:sramecc+:xnack-"));
        check("gfx942:xnack-:sramecc+", Ok("gfx942:sramecc+:xnack-"));
        check("amdgcn-amd-amdhsa--gfx950", Ok("gfx950"));
        check("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-", Ok("gfx90a:xnack-"));
        // The amdhsa.target of a real Triton code object (examples/triton-cache, llvm-readelf --notes), and
        // a generic processor after a triple with its environment.
        check("amdgpu9.42-amd-amdhsa-unknown-gfx942", Ok("gfx942"));
        check("amdgpu9.42-amd-amdhsa-unknown-gfx942:xnack-", Ok("gfx942:xnack-"));
        check("amdgcn-amd-amdhsa-unknown-gfx9-4-generic", Ok("gfx9-4-generic"));
        check("GFX1100", Ok("gfx1100"));
        check("Gfx90A:xnack-", Ok("gfx90a:xnack-"));
        // A processor is found by its name without case; that is the name lowered only while every name
        // is lower case.
        for p in PROCESSORS {
            assert_eq!(p.name, p.name.to_ascii_lowercase(), "{}", p.name);
        }
        check("gfx9-4-generic", Ok("gfx9-4-generic"));
        for (input, reason) in [
            ("gfx1100:xnack+", FeatureRefusal::Unsupported { processor: "gfx1100", feature: "xnack" }),
            ("gfx90a:xnack", FeatureRefusal::NoSign { feature: "xnack".into() }),
            ("gfx90a:wavefrontsize64+", FeatureRefusal::Unknown { feature: "wavefrontsize64".into() }),
            ("gfx90a:xnack+:xnack-", FeatureRefusal::Twice { feature: "xnack" }),
        ] {
            assert_eq!(parse_target(input), Err(ModelError::BadFeature { target: input.into(), reason }), "{input}");
        }
    }

    #[test]
    fn products() {
        for (name, proc_) in [
            ("MI100", "gfx908"),
            ("MI210", "gfx90a"),
            ("MI250X", "gfx90a"),
            ("AMD Instinct MI300A", "gfx942"),
            ("mi300x", "gfx942"),
            ("MI325X", "gfx942"),
            ("MI350X", "gfx950"),
            ("MI355X", "gfx950"),
            ("RX 7900 XTX", "gfx1100"),
            ("Radeon RX 7900 XTX", "gfx1100"),
            ("rx7600", "gfx1102"),
            ("RX 9070 XT", "gfx1201"),
            ("Radeon VII", "gfx906"),
        ] {
            check(name, Ok(proc_));
        }
    }

    #[test]
    fn rejected() {
        check("gfx940", Err("use 'gfx942'"));
        check("gfx941", Err("use 'gfx942'"));
        check("gfx700", Err("not modelled"));
        check("gfx601", Err("not modelled"));
        check("GFX940", Err("use 'gfx942'"));
        check("gfx943", Err("did you mean"));
        check("gfx1105", Err("gfx110"));
        check("MI301X", Err("MI300X"));
        check("", Err("unknown target"));
    }
}
