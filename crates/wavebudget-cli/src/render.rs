//! Tables and text for people. JSON output is the model's own serde types.

use wavebudget_model::generic::{GenericOccupancy, GenericParams};
use wavebudget_model::targets::AgprFile;
use wavebudget_model::text::printable;
use wavebudget_model::{Budget, Limiter, Occupancy};

pub fn targets_table(rows: &[wavebudget_engine::targets::TargetRow]) -> String {
    let mut s = format!(
        "{:<16} {:<8} {:<8} {:>5} {:>9} {:>11} {:>10} {:<9} {:>8} {:>7}  {}\n",
        "processor", "gen", "family", "waves", "wave", "VGPRs/gran", "w64", "AGPRs", "LDS/WG", "LDS/CU", "products"
    );
    for r in rows {
        let waves = r.wave_sizes.iter().map(|w| w.to_string()).collect::<Vec<_>>().join("/");
        let w64 = match (r.vgprs_total_wave64, r.vgpr_granule_wave64) {
            (Some(t), Some(g)) => format!("{t}/{g}"),
            _ => "-".into(),
        };
        let agprs = if r.agprs == AgprFile::None { "-" } else { r.agprs.as_str() };
        s.push_str(&format!(
            "{:<16} {:<8} {:<8} {:>5} {:>9} {:>11} {:>10} {:<9} {:>8} {:>7}  {}\n",
            r.name,
            r.generation,
            r.family,
            r.max_waves_per_simd,
            format!("wave{waves}"),
            format!("{}/{}", r.vgprs_total, r.vgpr_granule),
            w64,
            agprs,
            r.lds_per_workgroup,
            r.lds_per_cu,
            r.products.join(", ")
        ));
    }
    s.push_str("\nwaves: max waves per SIMD; VGPRs/gran: VGPRs per SIMD lane and allocation granule (default wave size; w64: in wave64);\nLDS/CU: LDS shared by a CU (a WGP in WGP mode). gfx940 and gfx941 were removed from LLVM: use gfx942.\n");
    s
}

fn table(rows: &[(String, Vec<String>)], headers: &[String]) -> String {
    let label_w = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0).max(10);
    let col_w: Vec<usize> = (0..headers.len())
        .map(|i| rows.iter().map(|(_, c)| c.get(i).map_or(0, String::len)).max().unwrap_or(0).max(headers[i].len()))
        .collect();
    let mut s = format!("{:<label_w$}", "");
    for (h, w) in headers.iter().zip(&col_w) {
        s.push_str(&format!("  {h:<w$}"));
    }
    s.push('\n');
    for (label, cells) in rows {
        s.push_str(&format!("{label:<label_w$}"));
        for (c, w) in cells.iter().zip(&col_w) {
            s.push_str(&format!("  {c:<w$}"));
        }
        s.push('\n');
    }
    s
}

fn mark(o: &Occupancy, l: Limiter) -> &'static str {
    if o.binding.contains(&l) {
        " <"
    } else {
        ""
    }
}

pub fn occupancy_table(results: &[Occupancy]) -> String {
    let headers: Vec<String> = results.iter().map(|o| o.target.clone()).collect();
    let row = |label: &str, f: &dyn Fn(&Occupancy) -> String| (label.to_string(), results.iter().map(f).collect());
    let rows = vec![
        row("wave size", &|o| format!("wave{}{}", o.wave_size, if o.cu_mode { ", CU mode" } else { "" })),
        row("VGPRs -> waves", &|o| {
            format!("{} (alloc {}) -> {}{}", o.vgpr_count, o.allocated.vgprs, o.limits.vgpr, mark(o, Limiter::Vgpr))
        }),
        row("SGPRs -> waves", &|o| {
            format!("{} (alloc {}) -> {}{}", o.sgpr_count, o.allocated.sgprs, o.limits.sgpr, mark(o, Limiter::Sgpr))
        }),
        row("LDS bytes -> waves", &|o| {
            format!("{} (alloc {}) -> {}{}", o.lds_bytes, o.allocated.lds_bytes, o.limits.lds, mark(o, Limiter::Lds))
        }),
        row("workgroup -> waves", &|o| {
            let wg = if o.workgroup.min == o.workgroup.max {
                o.workgroup.max.to_string()
            } else {
                format!("{} to {}", o.workgroup.min, o.workgroup.max)
            };
            format!("{wg} -> {}{}", o.limits.workgroup, mark(o, Limiter::Workgroup))
        }),
        row("Occupancy [waves/SIMD]", &|o| {
            format!("{} of {} ({:.0}%)", o.waves_per_simd, o.max_waves_per_simd, o.occupancy * 100.0)
        }),
        row("limited by", &|o| o.binding.iter().map(|l| l.as_str()).collect::<Vec<_>>().join(", ")),
        row("hardware", &|o| {
            format!(
                "{} resident, {} workgroups/CU ({}; LDS {} B, {} threads)",
                o.hardware.waves_per_simd,
                o.hardware.workgroups_per_cu,
                o.hardware.limiter.as_str(),
                o.hardware.lds_bytes,
                o.hardware.workgroup_size
            )
        }),
        row("to gain a wave", &|o| gain_text(o)),
        row("headroom", &|o| {
            let mut parts = vec![format!("+{} VGPRs", o.next_step.vgpr_headroom)];
            if o.next_step.sgpr_headroom > 0 {
                parts.push(format!("+{} SGPRs", o.next_step.sgpr_headroom));
            }
            parts.push(format!("+{} LDS bytes", o.next_step.lds_headroom));
            parts.join(", ")
        }),
    ];
    let mut s = table(&rows, &headers);
    for o in results {
        for n in &o.notes {
            s.push_str(&format!("note ({}): {n}\n", o.processor));
        }
    }
    s.push_str("(< marks the binding limiter; waves are per SIMD; \"hardware\" counts whole workgroups, rounds LDS to its granule and fixes the launch size)\n");
    s
}

fn gain_text(o: &Occupancy) -> String {
    let n = &o.next_step;
    let Some(next) = n.next_waves else { return "already at the maximum".into() };
    let mut parts = Vec::new();
    if let Some(v) = n.vgprs_to_gain.filter(|v| *v > 0) {
        parts.push(format!("-{v} VGPRs"));
    }
    match n.sgprs_to_gain {
        Some(s) if s > 0 => parts.push(format!("-{s} SGPRs")),
        _ => {}
    }
    if let Some(l) = n.lds_bytes_to_gain.filter(|l| *l > 0) {
        parts.push(format!("-{l} LDS bytes"));
    }
    let blocked: Vec<&str> = n.also_blocked_by.iter().map(|l| l.as_str()).collect();
    let reached = n.reaches.unwrap_or(next);
    let mut s = if parts.is_empty() { String::new() } else { format!("{} for {reached}", parts.join(", ")) };
    if !blocked.is_empty() {
        if !s.is_empty() {
            s.push_str("; ");
        }
        s.push_str(&format!("blocked by {} (change the launch size)", blocked.join(", ")));
    }
    s
}

/// Binding limiters as one cell: `vgpr`, or `vgpr+lds` where they tie (the first is the one reported
/// alone as `limiter`).
pub fn limiters(binding: &[wavebudget_model::Limiter]) -> String {
    if binding.is_empty() {
        return "-".into();
    }
    binding.iter().map(|l| l.as_str()).collect::<Vec<_>>().join("+")
}

pub fn budget_text(b: &Budget) -> String {
    let opt = |v: Option<u32>| v.map_or("none".to_string(), |x| x.to_string());
    let mut s = format!(
        "{} wave{}{}: budget for {} waves/SIMD at launch size {} to {}, {} B static LDS\n",
        b.target,
        b.wave_size,
        if b.cu_mode { " CU mode" } else { "" },
        b.waves,
        b.workgroup.min,
        b.workgroup.max,
        b.lds_bytes
    );
    s.push_str(&format!(
        "  max_vgprs        {:>7}   (R_max: total vector registers; VGPRs alone give {} waves)\n",
        b.max_vgprs, b.vgpr_waves_at_budget
    ));
    s.push_str(&format!("  max_arch_vgprs   {:>7}\n  max_agprs        {:>7}\n", b.max_arch_vgprs, b.max_agprs));
    s.push_str(&format!(
        "  max_sgprs        {:>7}   (.sgpr_count; LLVM's allocator budget {})\n",
        opt(b.max_sgprs),
        b.llvm_sgpr_budget
    ));
    s.push_str(&format!(
        "  max_lds_bytes    {:>7}   (hardware, {}-thread launch: {})\n",
        opt(b.max_lds_bytes),
        b.workgroup.max,
        opt(b.hardware_max_lds_bytes)
    ));
    s.push_str(&format!(
        "  reachable        {:>7}   ({} accepts amdgpu-waves-per-eu minimums {} to {} here)\n",
        if b.reachable { "yes" } else { "no" },
        b.llvm,
        b.accepted_range.min,
        b.accepted_range.max
    ));
    s.push_str(&format!(
        "  exact_reachable  {:>7}   (\"{w},{w}\" caps occupancy at {} waves/SIMD)\n",
        if b.exact_reachable { "yes" } else { "no" },
        b.exact_waves_per_simd,
        w = b.waves
    ));
    for bl in &b.blocked_by {
        s.push_str(&format!("  blocked by {}: {}\n", bl.limiter.as_str(), bl.reason));
    }
    for n in &b.notes {
        s.push_str(&format!("  note: {n}\n"));
    }
    s
}

pub fn ladder_table(l: &[Budget]) -> String {
    let Some(first) = l.first() else { return String::new() };
    let mut s = format!(
        "{} wave{}{}, launch size {} to {}, {} B static LDS\n{:>5}  {:>9}  {:>6}  {:>6}  {:>9}  {:>9}  {:>6}  {}\n",
        first.target,
        first.wave_size,
        if first.cu_mode { " CU mode" } else { "" },
        first.workgroup.min,
        first.workgroup.max,
        first.lds_bytes,
        "waves",
        "max_vgprs",
        "arch",
        "agprs",
        "max_sgprs",
        "max_lds",
        "W,W at",
        "reachable"
    );
    for b in l {
        let opt = |v: Option<u32>| v.map_or("-".to_string(), |x| x.to_string());
        let why = b.blocked_by.iter().map(|x| x.limiter.as_str()).collect::<Vec<_>>().join(",");
        s.push_str(&format!(
            "{:>5}  {:>9}  {:>6}  {:>6}  {:>9}  {:>9}  {:>6}  {}\n",
            b.waves,
            b.max_vgprs,
            b.max_arch_vgprs,
            b.max_agprs,
            opt(b.max_sgprs),
            opt(b.max_lds_bytes),
            b.exact_waves_per_simd,
            if b.reachable { "yes".to_string() } else { format!("no ({why})") }
        ));
    }
    s
}

pub fn generic_header(p: &GenericParams) -> String {
    format!(
        "generic: F = {} B{}, W = {} lanes, w = {} B, granule {}, max waves {}\n",
        p.register_file_bytes,
        if p.partitions > 1 { format!(" in P = {} sub-partitions", p.partitions) } else { String::new() },
        p.wave_width,
        p.register_bytes,
        p.granule,
        if p.max_waves == 0 { "none".to_string() } else { p.max_waves.to_string() }
    )
}

pub fn generic_occupancy(p: &GenericParams, o: &GenericOccupancy) -> String {
    let formula = if p.partitions > 1 { "O = P * floor((F/P) / (R*W*w))" } else { "O = floor(F / (R*W*w))" };
    format!(
        "{}  R = {} registers/lane (allocated {}): {formula} = {} waves{}\n  ({})\n",
        generic_header(p),
        o.registers,
        o.allocated_registers,
        o.waves,
        if o.capped { " (capped)" } else { "" },
        wavebudget_model::generic::SCOPE
    )
}

/// "1 kernel", "3 kernels".
fn kernels(n: usize) -> String {
    format!("{n} kernel{}", if n == 1 { "" } else { "s" })
}

fn opt(v: Option<u32>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
}

/// `wavebudget inspect` for people: per code object a header line, then one row per kernel with the
/// name last (kernel names run long), then the notes.
/// `inspect`'s per-kernel table: the headers and the rows, right-aligned but for the last column (the
/// kernel's name), indented by two spaces; one line each.
fn kernel_rows(headers: &[&str], rows: &[Vec<String>]) -> String {
    use std::fmt::Write;
    let mut widths: Vec<usize> = headers.iter().map(|h| h.len()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &mut dyn Iterator<Item = &str>| {
        let cells: Vec<&str> = cells.collect();
        let mut s = String::from("  ");
        for (i, (cell, w)) in cells.iter().zip(&widths).enumerate() {
            if i + 1 == cells.len() {
                s.push_str(cell);
            } else {
                let _ = write!(s, "{cell:>w$}  ");
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(&mut headers.iter().copied());
    for row in rows {
        out.push_str(&line(&mut row.iter().map(String::as_str)));
    }
    out
}

pub fn inspect_text(r: &wavebudget_engine::inspect::Report) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    if let Some(d) = r.dynamic_lds.filter(|&d| d > 0) {
        // --dynamic-lds given (a Triton cache entry's own `shared` is on its code object's launch line).
        let _ = writeln!(out, "waves count {d} bytes of LDS given at launch on top of the LDS column");
    }
    for co in &r.code_objects {
        let _ = writeln!(
            out,
            "{}\n  {} (code object v{}, {}, e_flags {:#x}){}: {}",
            printable(&co.source),
            printable(co.target_id.as_deref().unwrap_or("unknown target")),
            opt(co.code_object_version),
            match co.elf_type {
                wavebudget_codeobj::ElfKind::Relocatable => "relocatable",
                wavebudget_codeobj::ElfKind::Shared => "shared",
                wavebudget_codeobj::ElfKind::Executable => "executable",
            },
            co.e_flags,
            match (&co.evaluated_on, co.processor) {
                // Only when --target moved the evaluation to another processor.
                (Some(t), Some(p)) if t.split(':').next() != Some(p) => format!(", evaluated on {t}"),
                _ => String::new(),
            },
            kernels(co.kernels.len())
        );
        if let Some(l) = &co.launch {
            let waves = l.waves_per_eu.filter(|&w| w > 0).map_or(String::new(), |w| format!(", waves_per_eu {w}"));
            let unused = match l.overridden.as_slice() {
                [] => String::new(),
                o => format!(" (not used: {}, given on the command line)", o.join(" and ")),
            };
            let (source, threads, shared) = (printable(&l.source), l.wg_size, l.shared);
            let _ = writeln!(
                out,
                "  launch from {source}: {threads} threads, {shared} bytes of shared memory{waves}{unused}"
            );
        }
        if co.kernels.is_empty() {
            continue;
        }
        let headers = [
            "VGPR",
            "AGPR",
            "SGPR",
            "spill v/s",
            "scratch",
            "LDS",
            "wave",
            "max WG",
            "desc V/S",
            "waves",
            "limiter",
            "kernel",
        ];
        let rows: Vec<Vec<String>> = co
            .kernels
            .iter()
            .map(|k| {
                vec![
                    opt(k.metadata.vgpr_count),
                    opt(k.metadata.agpr_count),
                    opt(k.metadata.sgpr_count),
                    format!("{}/{}", opt(k.metadata.vgpr_spill_count), opt(k.metadata.sgpr_spill_count)),
                    opt(k.metadata.private_segment_fixed_size),
                    opt(k.metadata.group_segment_fixed_size),
                    opt(k.metadata.wavefront_size),
                    opt(k.metadata.max_flat_workgroup_size),
                    k.descriptor.as_ref().map_or("-".into(), |d| format!("{}/{}", opt(d.vgprs), opt(d.sgprs))),
                    match (k.waves_per_simd, k.descriptor.as_ref().and_then(|d| d.waves_per_simd)) {
                        (Some(w), Some(dw)) if dw != w => format!("{w} (hw {dw})"),
                        (w, _) => opt(w),
                    },
                    k.binding.as_deref().map_or("-".into(), limiters),
                    printable(&k.metadata.name).into_owned(),
                ]
            })
            .collect();
        out.push_str(&kernel_rows(&headers, &rows));
        for k in &co.kernels {
            for n in &k.notes {
                let _ = writeln!(out, "  note: {}: {}", printable(&k.metadata.name), printable(&n.to_string()));
            }
        }
    }
    for c in &r.cubins {
        let _ = writeln!(
            out,
            "{}\n  {} cubin (e_flags {:#x}){}{}: {}",
            printable(&c.source),
            c.arch,
            c.e_flags,
            c.found.compression.map_or(String::new(), |m| format!(", {m}-compressed")),
            if c.evaluated_on.is_none() { ", an architecture the model does not know" } else { "" },
            kernels(c.kernels.len())
        );
        if c.kernels.is_empty() {
            continue;
        }
        let headers = ["regs", "stack", "shared", "local", "block", "blocks/SM", "warps/SM", "limiter", "kernel"];
        let rows: Vec<Vec<String>> = c
            .kernels
            .iter()
            .map(|k| {
                let o = k.occupancy.as_ref();
                vec![
                    opt(k.kernel.regs),
                    opt(k.kernel.stack),
                    k.kernel.shared_mem.to_string(),
                    k.kernel.local_mem.to_string(),
                    opt(k.block),
                    o.map_or("-".into(), |o| o.blocks_per_sm.to_string()),
                    o.map_or("-".into(), |o| format!("{} of {}", o.warps_per_sm, o.max_warps_per_sm)),
                    o.map_or("-".into(), |o| o.binding().map(|l| l.name()).collect::<Vec<_>>().join("+")),
                    printable(&k.kernel.name).into_owned(),
                ]
            })
            .collect();
        out.push_str(&kernel_rows(&headers, &rows));
        for k in &c.kernels {
            if let Some(why) = &k.no_occupancy {
                let _ = writeln!(out, "  note: {}: no occupancy: {why}", printable(&k.kernel.name));
            }
            if let Some(u) = k.occupancy.as_ref().and_then(|o| o.unlaunchable.as_ref()) {
                let _ = writeln!(out, "  note: {}: cannot launch: {u}", printable(&k.kernel.name));
            }
        }
    }
    if !r.skipped.is_empty() {
        let _ = writeln!(out, "skipped:");
        for s in &r.skipped {
            let _ = writeln!(out, "  {} ({})", printable(&s.source), s.reason);
        }
    }
    if r.code_objects.is_empty() && r.cubins.is_empty() {
        let _ = writeln!(out, "no AMDGPU code objects found");
    }
    out
}
