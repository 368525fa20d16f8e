//! The pictures beside report.md: memory per device over the program (`memory.svg`).
//!
//! Drawn with plotters' SVG backend (already used for `compare`'s best-cost plot), so a build without
//! the cargo feature `plots` answers `Err` and writes no picture.

use automap_sharding::MemoryProfile;

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
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
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
