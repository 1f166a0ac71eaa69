//! The report's charts as SVG text, drawn with plotters' SVG backend (no fonts are read: plotters' naive
//! text metrics place the labels, the browser draws them). Every chart has a table beside it in the
//! page; these functions only draw what `curves` computed.

use super::curves::{Curve, LimiterBar};
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

const LLVM_COLOR: RGBColor = RGBColor(31, 119, 180);
const HARDWARE_COLOR: RGBColor = RGBColor(230, 120, 20);
const POINT_COLOR: RGBColor = RGBColor(200, 30, 40);
const NEXT_COLOR: RGBColor = RGBColor(30, 150, 60);
const BAR_COLOR: RGBColor = RGBColor(150, 170, 195);
const FONT: &str = "sans-serif";

type DrawResult = Result<(), Box<dyn std::error::Error>>;

/// The legend of a chart with f64 axes, the same in every chart.
fn legend<'a, DB: DrawingBackend + 'a>(
    chart: &mut ChartContext<
        'a,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    at: SeriesLabelPosition,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    chart
        .configure_series_labels()
        .position(at)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(200, 200, 200))
        .label_font((FONT, 13))
        .draw()?;
    Ok(())
}

/// A chart plotters could not draw: which, and the backend's words (a bug worth one line).
#[derive(Debug, thiserror::Error)]
#[error("drawing the {what} chart: {backend}")]
pub(crate) struct DrawError {
    what: String,
    backend: String,
}

/// Plotters' drawing errors carry the backend's.
fn finish(svg: String, r: DrawResult, what: &str) -> Result<String, DrawError> {
    r.map(|_| svg).map_err(|e| DrawError { what: what.to_string(), backend: e.to_string() })
}

/// Thousands with a thin space, for byte axes.
fn human(x: f64) -> String {
    let v = x.round() as i64;
    if v.abs() >= 1024 && v % 1024 == 0 {
        format!("{}K", v / 1024)
    } else {
        v.to_string()
    }
}

/// A step chart: occupancy against one resource, LLVM's rule solid and the hardware's dashed where it
/// differs, the kernel's point in red and its next step in green.
pub(crate) fn step_chart(c: &Curve, max_waves: u32, llvm_label: &str) -> Result<String, DrawError> {
    let mut svg = String::new();
    let r = draw_step_chart(&mut svg, c, max_waves, llvm_label);
    finish(svg, r, c.axis.title())
}

fn polyline(c: &Curve, hardware: bool) -> Vec<(f64, f64)> {
    let mut pts = Vec::with_capacity(c.steps.len() * 2);
    for s in &c.steps {
        let y = f64::from(if hardware { s.hardware } else { s.llvm });
        pts.push((f64::from(s.from) - 0.5, y));
        pts.push((f64::from(s.to) + 0.5, y));
    }
    pts
}

fn draw_step_chart(svg: &mut String, c: &Curve, max_waves: u32, llvm_label: &str) -> DrawResult {
    let root = SVGBackend::with_string(svg, (600, 300)).into_drawing_area();
    root.fill(&WHITE)?;
    let x_hi = f64::from(c.x_max) + 0.5;
    // Room above the top step for a label there (NVIDIA's 64 warps need more than AMD's few waves).
    let y_hi = f64::from(max_waves) + if max_waves > 20 { 6.0 } else { 1.0 };
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(42)
        .y_label_area_size(52)
        .build_cartesian_2d(-0.5..x_hi, 0f64..y_hi)?;
    let bytes = matches!(c.axis, super::curves::Axis::LdsBytes | super::curves::Axis::SharedMem);
    chart
        .configure_mesh()
        .x_desc(c.axis.label())
        .y_desc(c.axis.y_label())
        .axis_desc_style((FONT, 15))
        .label_style((FONT, 13))
        .y_labels(if max_waves > 20 { max_waves as usize / 8 + 2 } else { max_waves as usize + 2 })
        .y_label_formatter(&|y| format!("{}", y.round() as i64))
        .x_label_formatter(&|x| if bytes { human(*x) } else { format!("{}", x.round() as i64) })
        .light_line_style(RGBColor(238, 238, 238))
        .x_max_light_lines(2)
        .y_max_light_lines(1)
        .draw()?;
    chart
        .draw_series(LineSeries::new(polyline(c, false), LLVM_COLOR.stroke_width(3)))?
        .label(llvm_label)
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], LLVM_COLOR.stroke_width(3)));
    if c.rules_differ {
        chart
            .draw_series(DashedLineSeries::new(polyline(c, true), 7, 5, HARDWARE_COLOR.stroke_width(2)))?
            .label("hardware rule")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], HARDWARE_COLOR.stroke_width(2)));
    }
    // Labels go left of points in the right half of the plot, right of them in the left half, so they
    // stay inside it.
    let right = |x: u32| f64::from(x) > x_hi / 2.0;
    let h = |x: u32| if right(x) { HPos::Right } else { HPos::Left };
    let p = &c.point;
    chart
        .draw_series(std::iter::once(Circle::new((f64::from(p.x), f64::from(p.waves)), 6, POINT_COLOR.filled())))?
        .label("this kernel")
        .legend(|(x, y)| Circle::new((x + 9, y), 5, POINT_COLOR.filled()));
    // Text is placed in pixels from its point: the kernel's label below it, the next step's above.
    let dx = |x: u32| if right(x) { -9 } else { 9 };
    let style = (FONT, 13).into_font().color(&POINT_COLOR).pos(Pos::new(h(p.x), VPos::Top));
    chart.draw_series(std::iter::once(
        EmptyElement::at((f64::from(p.x), f64::from(p.waves))) + Text::new(p.label.clone(), (dx(p.x), 7), style),
    ))?;
    if let Some(n) = &c.next {
        let at = (f64::from(n.x), f64::from(n.waves));
        chart
            .draw_series(std::iter::once(Circle::new(at, 6, NEXT_COLOR.stroke_width(3))))?
            .label("next step")
            .legend(|(x, y)| Circle::new((x + 9, y), 5, NEXT_COLOR.stroke_width(2)));
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(f64::from(p.x), f64::from(p.waves)), at],
            NEXT_COLOR.stroke_width(1),
        )))?;
        let style = (FONT, 13).into_font().color(&NEXT_COLOR).pos(Pos::new(h(n.x), VPos::Bottom));
        chart.draw_series(std::iter::once(EmptyElement::at(at) + Text::new(n.label.clone(), (dx(n.x), -8), style)))?;
    }
    // Occupancy falls with VGPRs and LDS (the upper right is empty) and rises with the launch size (the
    // upper left is; the kernel's point is usually at the right edge).
    let legend_at = if matches!(c.axis, super::curves::Axis::WorkgroupSize | super::curves::Axis::BlockSize) {
        SeriesLabelPosition::UpperLeft
    } else {
        SeriesLabelPosition::UpperRight
    };
    legend(&mut chart, legend_at)?;
    root.present()?;
    Ok(())
}

/// The four limiters as horizontal bars in waves/SIMD, the binding ones red.
pub(crate) fn limiter_chart(bars: &[LimiterBar], max_waves: u32) -> Result<String, DrawError> {
    let mut svg = String::new();
    let r = draw_limiters(&mut svg, bars, max_waves);
    finish(svg, r, "limiter")
}

fn draw_limiters(svg: &mut String, bars: &[LimiterBar], max_waves: u32) -> DrawResult {
    let root = SVGBackend::with_string(svg, (600, 210)).into_drawing_area();
    root.fill(&WHITE)?;
    let n = bars.len() as u32;
    // The axis reaches past the maximum so a bar at the maximum has room for its label.
    let x_hi = max_waves + max_waves.div_ceil(3) + 1;
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(130)
        .build_cartesian_2d(0u32..x_hi, (0u32..n.saturating_sub(1)).into_segmented())?;
    let names: Vec<&str> = bars.iter().map(|b| b.name).collect();
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc("waves per SIMD this resource allows")
        .axis_desc_style((FONT, 15))
        .label_style((FONT, 13))
        .x_labels(x_hi as usize + 1)
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => names.get(*i as usize).copied().unwrap_or("").into(),
            SegmentValue::Last => String::new(),
        })
        .draw()?;
    // One histogram per bar: plotters' Histogram gathers its data in a HashMap, so bars given together
    // come out in a different order on every run, and the report would not be the same file twice.
    for (i, b) in bars.iter().enumerate().filter(|(_, b)| b.llvm > 0) {
        let color = if b.binding { POINT_COLOR } else { BAR_COLOR };
        chart.draw_series(Histogram::horizontal(&chart).margin(8).style(color.filled()).data([(i as u32, b.llvm)]))?;
    }
    chart.draw_series(bars.iter().enumerate().map(|(i, b)| {
        let mut text = format!("{}", b.llvm);
        if b.hardware != b.llvm {
            text.push_str(&format!(" (hardware {})", b.hardware));
        }
        if b.binding {
            text.push_str("  binds");
        }
        let style = (FONT, 14).into_font().color(if b.binding { &POINT_COLOR } else { &BLACK });
        Text::new(text, (b.llvm, SegmentValue::CenterOf(i as u32)), style.pos(Pos::new(HPos::Left, VPos::Center)))
    }))?;
    // The target's maximum as a vertical rule.
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(max_waves, SegmentValue::Exact(0)), (max_waves, SegmentValue::Last)],
        BLACK.stroke_width(1),
    )))?;
    chart.draw_series(std::iter::once(Text::new(
        format!("maximum {max_waves}"),
        (max_waves, SegmentValue::Last),
        (FONT, 12).into_font().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Bottom)),
    )))?;
    root.present()?;
    Ok(())
}

/// A vertical bar chart of counts per category (the summary's histograms).
pub(crate) fn count_chart(title_x: &str, categories: &[String], counts: &[u64]) -> Result<String, DrawError> {
    let mut svg = String::new();
    let r = draw_counts(&mut svg, title_x, categories, counts);
    finish(svg, r, title_x)
}

fn draw_counts(svg: &mut String, title_x: &str, categories: &[String], counts: &[u64]) -> DrawResult {
    let root = SVGBackend::with_string(svg, (560, 260)).into_drawing_area();
    root.fill(&WHITE)?;
    let n = categories.len() as u32;
    let top = counts.iter().copied().max().unwrap_or(0);
    let y_hi = top + top.div_ceil(8).max(1);
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(42)
        .y_label_area_size(60)
        .build_cartesian_2d((0u32..n.saturating_sub(1)).into_segmented(), 0u64..y_hi)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_max_light_lines(1)
        .x_desc(title_x)
        .y_desc("kernels")
        .axis_desc_style((FONT, 15))
        .label_style((FONT, 13))
        .x_labels(n as usize + 1)
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => categories.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .draw()?;
    // One histogram per bar, in order (see `draw_limiters`).
    for (i, &c) in counts.iter().enumerate().filter(|(_, &c)| c > 0) {
        chart.draw_series(Histogram::vertical(&chart).margin(6).style(LLVM_COLOR.filled()).data([(i as u32, c)]))?;
    }
    chart.draw_series(counts.iter().enumerate().filter(|(_, &c)| c > 0).map(|(i, &c)| {
        Text::new(
            c.to_string(),
            (SegmentValue::CenterOf(i as u32), c),
            (FONT, 12).into_font().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Bottom)),
        )
    }))?;
    root.present()?;
    Ok(())
}

/// One compiled level of a sweep, as the predicted-throughput chart draws it.
pub(crate) struct Predicted {
    /// The waves target (`None`: the unconstrained build).
    pub target: Option<u32>,
    /// The waves/SIMD LLVM reached.
    pub waves_per_simd: u32,
    /// Predicted throughput against the fastest level.
    pub throughput: f64,
    /// VGPR + SGPR spills.
    pub spills: u64,
}

/// The latency-hiding model's predicted throughput (against the kernel's fastest level) of each compiled
/// level, at the waves/SIMD it reached: where the curve flattens, more waves buy nothing.
pub(crate) fn predicted_chart(points: &[Predicted]) -> Result<String, DrawError> {
    let mut svg = String::new();
    let r = draw_predicted(&mut svg, points);
    finish(svg, r, "predicted throughput")
}

fn draw_predicted(svg: &mut String, points: &[Predicted]) -> DrawResult {
    let root = SVGBackend::with_string(svg, (600, 300)).into_drawing_area();
    root.fill(&WHITE)?;
    let w_hi = points.iter().map(|p| p.waves_per_simd).max().unwrap_or(1).max(1);
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(42)
        .y_label_area_size(52)
        .build_cartesian_2d(0.5f64..f64::from(w_hi) + 0.5, 0f64..1.12)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("waves/SIMD reached")
        .y_desc("predicted throughput (fastest level = 1)")
        .axis_desc_style((FONT, 15))
        .label_style((FONT, 13))
        .x_labels(w_hi as usize)
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        .y_label_formatter(&|y| format!("{y:.1}"))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()?;
    // The best prediction at each occupancy reached, as a line; every level as a point (red: spills).
    let mut best: Vec<(f64, f64)> = Vec::new();
    for p in points {
        let x = f64::from(p.waves_per_simd);
        match best.iter_mut().find(|(bx, _)| *bx == x) {
            Some(b) => b.1 = b.1.max(p.throughput),
            None => best.push((x, p.throughput)),
        }
    }
    best.sort_by(|a, b| a.0.total_cmp(&b.0));
    chart
        .draw_series(LineSeries::new(best, LLVM_COLOR.stroke_width(2)))?
        .label("best level at that occupancy")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], LLVM_COLOR.stroke_width(2)));
    chart.draw_series(points.iter().map(|p| {
        let color = if p.spills > 0 { POINT_COLOR } else { LLVM_COLOR };
        Circle::new((f64::from(p.waves_per_simd), p.throughput), 4, color.filled())
    }))?;
    // One label per spot on the chart: the waves targets that landed within 2% of each other there
    // (`W=1,2,3`), so labels do not overprint.
    let mut labels: Vec<((u32, i64), f64, Vec<u32>)> = Vec::new();
    for p in points {
        let Some(w) = p.target else { continue };
        let key = (p.waves_per_simd, (p.throughput * 50.0).round() as i64);
        match labels.iter_mut().find(|(k, _, _)| *k == key) {
            Some((_, y, ws)) => {
                *y = y.max(p.throughput);
                ws.push(w);
            }
            None => labels.push((key, p.throughput, vec![w])),
        }
    }
    chart.draw_series(labels.iter().map(|((x, _), y, ws)| {
        let text = format!("W={}", ws.iter().map(u32::to_string).collect::<Vec<_>>().join(","));
        Text::new(text, (f64::from(*x) + 0.08, *y + 0.03), (FONT, 11).into_font().color(&BLACK))
    }))?;
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerLeft)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.9))
        .label_font((FONT, 12))
        .draw()?;
    root.present()?;
    Ok(())
}

/// One compile of a sweep, as the measured-ladder chart draws it.
pub(crate) struct Measured {
    pub waves: u32,
    pub vgpr_count: Option<u32>,
    pub r_max: Option<u32>,
    pub spills: Option<u64>,
}

/// The measured ladder: per waves target, the VGPRs the compile used (bars) against the budget R_max
/// (the dashed line) and the unconstrained build (the grey line), with each level's spills above its bar.
pub(crate) fn measured_chart(levels: &[Measured], unconstrained: Option<u32>) -> Result<String, DrawError> {
    let mut svg = String::new();
    let r = draw_measured(&mut svg, levels, unconstrained);
    finish(svg, r, "measured ladder")
}

fn draw_measured(svg: &mut String, levels: &[Measured], unconstrained: Option<u32>) -> DrawResult {
    let root = SVGBackend::with_string(svg, (600, 300)).into_drawing_area();
    root.fill(&WHITE)?;
    let top = levels
        .iter()
        .flat_map(|l| [l.vgpr_count, l.r_max])
        .chain(std::iter::once(unconstrained))
        .flatten()
        .max()
        .unwrap_or(1);
    let y_hi = f64::from(top) * 1.18 + 1.0;
    let w_hi = levels.iter().map(|l| l.waves).max().unwrap_or(1);
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(42)
        .y_label_area_size(52)
        .build_cartesian_2d(0.5f64..f64::from(w_hi) + 0.5, 0f64..y_hi)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("waves target (amdgpu-waves-per-eu)")
        .y_desc("VGPRs per lane (.vgpr_count)")
        .axis_desc_style((FONT, 15))
        .label_style((FONT, 13))
        .x_labels(w_hi as usize)
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        .y_label_formatter(&|y| format!("{}", y.round() as i64))
        .light_line_style(RGBColor(238, 238, 238))
        .y_max_light_lines(1)
        .draw()?;
    chart
        .draw_series(levels.iter().filter_map(|l| {
            let v = f64::from(l.vgpr_count?);
            let x = f64::from(l.waves);
            let color = if l.spills.unwrap_or(0) > 0 { POINT_COLOR } else { LLVM_COLOR };
            Some(Rectangle::new([(x - 0.32, 0.0), (x + 0.32, v)], color.mix(0.85).filled()))
        }))?
        .label("VGPRs used (red: spills)")
        .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], LLVM_COLOR.filled()));
    let budget: Vec<(f64, f64)> = levels
        .iter()
        .filter_map(|l| l.r_max.map(|r| (f64::from(l.waves), f64::from(r))))
        .flat_map(|(x, r)| [(x - 0.45, r), (x + 0.45, r)])
        .collect();
    chart
        .draw_series(DashedLineSeries::new(budget, 6, 4, HARDWARE_COLOR.stroke_width(3)))?
        .label("budget R_max")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], HARDWARE_COLOR.stroke_width(3)));
    if let Some(u) = unconstrained {
        let u = f64::from(u);
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(0.5, u), (f64::from(w_hi) + 0.5, u)],
                RGBColor(120, 120, 120).stroke_width(1),
            )))?
            .label("unconstrained build")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], RGBColor(120, 120, 120).stroke_width(1)));
    }
    chart.draw_series(levels.iter().filter_map(|l| {
        let s = l.spills.filter(|&s| s > 0)?;
        let y = f64::from(l.vgpr_count.unwrap_or(0).max(l.r_max.unwrap_or(0)));
        Some(Text::new(
            format!("{s} spills"),
            (f64::from(l.waves), y),
            (FONT, 12).into_font().color(&POINT_COLOR).pos(Pos::new(HPos::Center, VPos::Bottom)),
        ))
    }))?;
    legend(&mut chart, SeriesLabelPosition::UpperRight)?;
    root.present()?;
    Ok(())
}
