//! `wavebudget advise`: the engine's ranking of one kernel's configurations, as a table or JSON.

use crate::args::AdviseArgs;
use crate::CliError;
use std::fmt::Write as _;
use wavebudget_engine::advise::{self, Advice};

pub fn advise_cmd(a: &AdviseArgs) -> Result<String, CliError> {
    // The target first: a wrong one is refused before any file is read.
    advise::figures(&a.target)?;
    let records = advise::read_inputs(&a.inputs, a.grid, a.kernel.as_deref())?;
    let advice = advise::advise(&a.target, &records)?;
    if a.json {
        return Ok(serde_json::to_string_pretty(&advice).expect("serializable") + "\n");
    }
    Ok(table(&advice, a.top))
}

fn pct(x: f64) -> String {
    format!("{:+.1}%", x * 100.0)
}

/// The table: rank, name, predicted time against the fastest, cause, occupancy, coverage; with measured
/// times, their column and the check.
pub fn table(a: &Advice, top: Option<usize>) -> String {
    let mut s = String::new();
    let measured = a.candidates.iter().any(|c| c.measured.is_some());
    let occ = if a.arch.starts_with("sm_") { "warps/SMSP" } else { "waves/SIMD" };
    let _ = writeln!(s, "{} candidates on {} ({}), fastest first", a.candidates.len(), a.product, a.arch);
    let _ = write!(
        s,
        "{:>4}  {:<28} {:>9}  {:<15} {:>4} {:>10} {:>6} {:>7} {:>7}",
        "rank", "name", "predicted", "bound by", "wg", occ, "spills", "matrix", "memory"
    );
    if measured {
        let _ = write!(s, " {:>10}", "measured");
    }
    s.push('\n');
    for (i, c) in a.candidates.iter().enumerate().take(top.unwrap_or(usize::MAX)) {
        let p = &c.prediction;
        let rel = p.relative_time.map_or("-".to_string(), |r| format!("{r:.3}x"));
        let cover =
            |x: Option<f64>| x.map_or("-".to_string(), |x| if x >= 10.0 { ">10".into() } else { format!("{x:.2}") });
        let _ = write!(
            s,
            "{:>4}  {:<28} {:>9}  {:<15} {:>4} {:>10.2} {:>6} {:>7} {:>7}",
            i + 1,
            wavebudget_model::text::printable(&p.name),
            rel,
            p.cause.as_str(),
            p.resident,
            p.waves_per_simd,
            p.spills,
            cover(p.matrix_cover),
            cover(p.memory_cover)
        );
        if measured {
            let _ = write!(s, " {:>10}", c.measured.map_or("-".into(), |m| format!("{m:.4}")));
        }
        s.push('\n');
        for n in &p.notes {
            let _ = writeln!(s, "      note: {}", wavebudget_model::text::printable(&n.to_string()));
        }
    }
    if let Some(k) = &a.check {
        let _ = writeln!(s, "\nchecked against the measured times:");
        let _ = writeln!(s, "  fastest measured      {} ({:.4})", k.fastest, k.fastest_measured);
        let tied = if k.tied_first.len() > 1 {
            format!(" (the slowest of {} tied first)", k.tied_first.len())
        } else {
            String::new()
        };
        let _ =
            writeln!(s, "  top-ranked            {}{} : {} from the fastest", k.tied_first[0], tied, pct(k.top1_gap));
        let _ = writeln!(s, "  best of the top three {} from the fastest", pct(k.top3_gap));
        let _ = writeln!(s, "  Spearman              {}", k.spearman.map_or("-".into(), |r| format!("{r:.3}")));
        let _ = writeln!(
            s,
            "  spilling above twin   {} of {} pairs{}",
            k.twins_above.len(),
            k.twins,
            k.twins_above.iter().map(|(a, b)| format!("; {a} above {b}")).collect::<String>()
        );
    }
    s
}
