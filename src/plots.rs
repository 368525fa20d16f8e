//! The pictures beside report.md: memory per device over the program (`memory.svg`), and the step
//! as a timeline of compute and collectives (`timeline.svg`).
//!
//! Drawn with plotters' SVG backend (already used for `compare`'s best-cost plot), so a build without
//! the cargo feature `plots` answers `Err` and writes no picture.

use automap_sharding::{MemoryProfile, Mesh, Plan, PlanCost, PlanSpace};

/// What report.md says of the pictures.
pub const REPORT_SECTION: &str = "\n## Memory and time, drawn\n\n\
    ![memory per device over the program](memory.svg)\n\n\
    `memory.svg`: the bytes live at each step, in the order the program runs (a loop's body once, as the \
    peak counts it), stacked by what holds them: the arguments (weights, optimizer state, inputs), values \
    held across a loop (what a loop carries; what is made before a loop and read after it, as a scanned \
    forward pass's saved activations while the backward pass runs), and temporaries. The red line is the \
    device's memory (drawn when the peak reaches a quarter of it; the legend gives it otherwise); the dot \
    is the peak.\n\n\
    ![the step as a timeline](timeline.svg)\n\n\
    `timeline.svg`: the overlapped step as the cost model schedules it, compute above and collectives \
    on the link below (coloured by kind): the program's top level with each loop as a whole, then one \
    iteration of its longest loop, whose collectives on values the same in every iteration run during \
    the iteration before (left out of the picture).\n";

/// `memory.svg` and `timeline.svg` of `plan` (none in a build without the cargo feature `plots`, such
/// as the Python package's; a picture that fails is said on stderr and left out).
pub fn pictures(
    name: &str,
    mesh: &Mesh,
    space: &PlanSpace<'_>,
    plan: &Plan,
    cost: &PlanCost,
) -> Vec<(&'static str, String)> {
    if !cfg!(feature = "plots") {
        return Vec::new();
    }
    let m = space.m;
    let at =
        |op: automap_ir::OpId| format!("{} at {}", m.ops[op].name.trim_start_matches("stablehlo."), m.op_location(op));
    let profile = space.memory_profile(plan);
    let label = space.steps().get(profile.peak_at).map_or("the arguments alone".to_string(), |s| at(s.op));
    let memory = memory_svg(
        &profile,
        mesh.device.memory_bytes(),
        &format!("{name} on {}: memory per device", mesh.name),
        &label,
    );
    // The top level, loops as a whole; then one iteration of the longest loop. A compute item is a
    // loop when it is one nested in the block (not the block's own loop, whose first steps are its
    // carries).
    let panel = |t: &automap_sharding::Timeline, own: Option<usize>, title: String| Panel {
        title,
        makespan: t.makespan,
        compute: t
            .compute
            .iter()
            .map(|s| {
                let nested = space.schedule.loops.iter().enumerate().any(|(i, l)| l.first == s.what && Some(i) != own);
                (s.start, s.end, nested)
            })
            .collect(),
        link: t.link.iter().map(|s| (s.start, s.end, cost.collectives[s.what].collective.kind.to_string())).collect(),
    };
    let top = automap_sharding::timeline(space, plan, cost, None);
    let mut panels =
        vec![panel(&top, None, format!("the step, {:.3} ms overlapped (each loop as a whole)", top.makespan * 1e3))];
    let longest = top
        .compute
        .iter()
        .filter_map(|s| space.schedule.loops.iter().position(|l| l.first == s.what).map(|l| (s.end - s.start, l)))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((_, l)) = longest {
        let lp = &space.schedule.loops[l];
        let body = automap_sharding::timeline(space, plan, cost, Some(l));
        let trips = lp.trips.map_or("its trip count not stated".to_string(), |t| format!("{t} iterations"));
        panels.push(panel(
            &body,
            Some(l),
            format!("one iteration of the loop at {} ({trips}), {:.3} ms", m.op_location(lp.op), body.makespan * 1e3),
        ));
    }
    let timeline = timeline_svg(&format!("{name} on {}: the step", mesh.name), &panels);
    let mut out = Vec::new();
    for (file, svg) in [("memory.svg", memory), ("timeline.svg", timeline)] {
        match svg {
            Ok(svg) => out.push((file, svg)),
            Err(why) => eprintln!("note: no {file}: {why}"),
        }
    }
    out
}

/// Points drawn per curve at most: a production program has tens of thousands of steps; each point
/// keeps the largest value of the positions it stands for, so the peak is drawn where it is.
pub const MAX_POINTS: usize = 2000;

#[cfg(feature = "plots")]
const GIB: f64 = automap_sharding::BYTES_PER_GIB;
#[cfg(feature = "plots")]
const MIB: f64 = GIB / 1024.0;

/// The device's memory is drawn as a line when the peak is at least this fraction of it.
pub const LIMIT_SHOWN_FROM: f64 = 0.25;

/// The profile's positions grouped into at most [`MAX_POINTS`] buckets: per bucket its first position
/// and, per kind, the stacked total (this kind and those below it) at the bucket's highest total.
pub fn stacked(profile: &MemoryProfile) -> Vec<(usize, [f64; 3])> {
    let n = profile.bytes.len();
    let per = n.div_ceil(MAX_POINTS).max(1);
    (0..n)
        .step_by(per)
        .map(|start| {
            let bucket = &profile.bytes[start..(start + per).min(n)];
            let top = bucket.iter().max_by(|a, b| a.iter().sum::<f64>().total_cmp(&b.iter().sum::<f64>()));
            let b = top.copied().unwrap_or_default();
            (start, [b[0], b[0] + b[1], b[0] + b[1] + b[2]])
        })
        .collect()
}

/// Memory per device over the program as an SVG: the bytes live at each step stacked by what holds
/// them ([`automap_sharding::Held`]), the device's memory as a line, the peak marked with `peak_label` (its op).
#[cfg(feature = "plots")]
pub fn memory_svg(profile: &MemoryProfile, device_bytes: f64, title: &str, peak_label: &str) -> Result<String, String> {
    use automap_sharding::Held;
    use plotters::prelude::*;
    let points = stacked(profile);
    let x_max = profile.bytes.len().max(2) as f64;
    // The device's memory is drawn when the peak is near it; a peak far below it gets the whole
    // height, and the legend says where the device's memory is.
    let shows_limit = profile.peak >= device_bytes * LIMIT_SHOWN_FROM;
    let top = if shows_limit { profile.peak.max(device_bytes) } else { profile.peak } * 1.12;
    let (unit, unit_name) = if top >= GIB { (GIB, "GiB") } else { (MIB, "MiB") };
    let y_max = (top / unit).max(1e-6);
    let colours = [RGBColor(78, 121, 167), RGBColor(242, 142, 43), RGBColor(118, 183, 178)];
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (960, 540)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80)
            .build_cartesian_2d(0.0..x_max, 0.0..y_max)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc("step of the program, in the order it runs (a loop's body once)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc(format!("{unit_name} live per device"))
            .draw()
            .map_err(|e| e.to_string())?;
        // The highest layer first: each lower one is drawn over it.
        for kind in Held::ALL.iter().rev() {
            let k = *kind as usize;
            let colour = colours[k];
            let series: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (x as f64, y[k] / unit)).collect();
            chart
                .draw_series(AreaSeries::new(series, 0.0, colour.mix(0.85)).border_style(colour))
                .map_err(|e| e.to_string())?
                .label(kind.label())
                .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], colour.filled()));
        }
        let limit = device_bytes / unit;
        let label = format!("device memory {:.2} GiB", device_bytes / GIB);
        if shows_limit {
            chart
                .draw_series(LineSeries::new(vec![(0.0, limit), (x_max, limit)], RED.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(label)
                .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], RED.stroke_width(2)));
        } else {
            chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())
                .map_err(|e| e.to_string())?
                .label(format!("{label} (above the plot)"))
                .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], RED.stroke_width(2)));
        }
        let peak = (profile.peak_at as f64, profile.peak / unit);
        chart.draw_series(std::iter::once(Circle::new(peak, 5, BLACK.filled()))).map_err(|e| e.to_string())?;
        let text = format!("peak {:.2} {unit_name} at {peak_label}", peak.1);
        // The label above the point, inside the plot: left of it in the right half.
        let y = peak.1 + y_max * 0.04;
        let anchor = if peak.0 > x_max / 2.0 { (peak.0 - x_max * 0.4, y) } else { (peak.0 + x_max * 0.01, y) };
        chart
            .draw_series(std::iter::once(Text::new(text, anchor, ("sans-serif", 14).into_font())))
            .map_err(|e| e.to_string())?;
        legend(&mut chart)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// A chart of both pictures: seconds or steps against bytes or lanes, drawn to an SVG string.
#[cfg(feature = "plots")]
type Chart<'a, 'b> = plotters::prelude::ChartContext<
    'a,
    plotters::prelude::SVGBackend<'b>,
    plotters::prelude::Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// The chart's legend, upper right, on a light background.
#[cfg(feature = "plots")]
fn legend<'b>(chart: &mut Chart<'b, 'b>) -> Result<(), String> {
    use plotters::prelude::*;
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(|e| e.to_string())
}

/// One panel of `timeline.svg`: a block of the program as the overlapped schedule runs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// What the panel shows.
    pub title: String,
    /// The block's time, seconds.
    pub makespan: f64,
    /// The compute stream: `(start, end, a loop as a whole?)`, seconds.
    pub compute: Vec<(f64, f64, bool)>,
    /// The link: `(start, end, the collective's kind)`, seconds.
    pub link: Vec<(f64, f64, String)>,
}

/// The time axis runs this far past the block's end, so that the legend hides nothing.
#[cfg(feature = "plots")]
const LEGEND_ROOM: f64 = 1.22;

/// Colours of the collectives' kinds, in the legend's order.
#[cfg(feature = "plots")]
const KINDS: [(&str, (u8, u8, u8)); 4] = [
    ("all-gather", (225, 87, 89)),
    ("reduce-scatter", (89, 161, 79)),
    ("all-reduce", (176, 122, 161)),
    ("all-to-all", (237, 201, 72)),
];

/// The step as a timeline: per panel, the compute stream above (ops, and loops as a whole) and the
/// collectives on the link below, coloured by kind, in milliseconds.
#[cfg(feature = "plots")]
pub fn timeline_svg(title: &str, panels: &[Panel]) -> Result<String, String> {
    use plotters::prelude::*;
    let op = RGBColor(78, 121, 167);
    let looped = RGBColor(242, 142, 43);
    let other = RGBColor(150, 150, 150);
    let kind_colour =
        |k: &str| KINDS.iter().find(|(n, _)| *n == k).map_or(other, |(_, (r, g, b))| RGBColor(*r, *g, *b));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1100, 300 * panels.len().max(1) as u32 + 40)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root.titled(title, ("sans-serif", 20)).map_err(|e| e.to_string())?;
        for (panel, area) in panels.iter().zip(root.split_evenly((panels.len().max(1), 1))) {
            let x_max = (panel.makespan * 1e3).max(1e-9);
            let mut chart = ChartBuilder::on(&area)
                .caption(&panel.title, ("sans-serif", 15))
                .margin(12)
                .x_label_area_size(40)
                .y_label_area_size(90)
                .build_cartesian_2d(0.0..x_max * LEGEND_ROOM, 0.0..2.0)
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .disable_y_mesh()
                .y_labels(5)
                .y_label_formatter(&|y: &f64| match *y {
                    y if (y - 1.5).abs() < 0.26 => "compute".to_string(),
                    y if (y - 0.5).abs() < 0.26 => "collectives".to_string(),
                    _ => String::new(),
                })
                .x_desc("ms")
                .draw()
                .map_err(|e| e.to_string())?;
            let bar = |(s, e): (f64, f64), lane: f64, colour: RGBColor| {
                Rectangle::new([(s * 1e3, lane + 0.1), ((e * 1e3).max(s * 1e3), lane + 0.9)], colour.filled())
            };
            chart
                .draw_series(panel.compute.iter().map(|&(s, e, l)| bar((s, e), 1.0, if l { looped } else { op })))
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(panel.link.iter().map(|(s, e, k)| bar((*s, *e), 0.0, kind_colour(k))))
                .map_err(|e| e.to_string())?;
            // The legend: what each colour is, drawn as empty series so that it lists them.
            let mut entries: Vec<(String, RGBColor)> = vec![("op".to_string(), op)];
            if panel.compute.iter().any(|c| c.2) {
                entries.push(("loop, as a whole".to_string(), looped));
            }
            for (kind, _) in KINDS.iter().filter(|(k, _)| panel.link.iter().any(|l| l.2 == *k)) {
                entries.push((kind.to_string(), kind_colour(kind)));
            }
            for (label, colour) in entries {
                chart
                    .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())
                    .map_err(|e| e.to_string())?
                    .label(label)
                    .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], colour.filled()));
            }
            legend(&mut chart)?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// The plot needs the cargo feature `plots`, which this build left out.
#[cfg(not(feature = "plots"))]
pub fn timeline_svg(_: &str, _: &[Panel]) -> Result<String, String> {
    Err("automap was built without the cargo feature `plots`".into())
}

/// The plot needs the cargo feature `plots`, which this build left out.
#[cfg(not(feature = "plots"))]
pub fn memory_svg(_: &MemoryProfile, _: f64, _: &str, _: &str) -> Result<String, String> {
    Err("automap was built without the cargo feature `plots`".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_keep_the_peak_and_stack_the_kinds() {
        let mut bytes = vec![[1.0, 0.0, 0.0]; 5000];
        bytes[3333] = [1.0, 2.0, 4.0];
        let profile = MemoryProfile { bytes, peak: 7.0, peak_at: 3333 };
        let points = stacked(&profile);
        assert!(points.len() <= MAX_POINTS);
        let top = points.iter().map(|p| p.1[2]).fold(0.0, f64::max);
        assert_eq!(top, 7.0);
        assert!(points.iter().any(|p| p.1 == [1.0, 3.0, 7.0]));
    }
}
