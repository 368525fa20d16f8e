//! The StableHLO text parser: lexer → syntactic ops → [`crate::Module`].

mod attr;
mod build;
mod kinds;
mod lexer;
mod syntax;

use crate::error::ParseError;
use crate::module::Module;

/// Largest input accepted, in bytes (spans are 32-bit).
pub const MAX_INPUT_BYTES: usize = u32::MAX as usize;

/// Parse StableHLO text, pretty or generic form, as JAX prints it.
pub fn parse_module(src: &str) -> Result<Module, ParseError> {
    if src.len() >= MAX_INPUT_BYTES {
        return Err(ParseError::new(
            "",
            0,
            format!("input is {} bytes; at most {MAX_INPUT_BYTES} are accepted", src.len()),
        ));
    }
    let toks = lexer::lex(src)?;
    let mut p = syntax::Parser::new(src, &toks);
    let file = p.parse_file()?;
    let mut m = build::Builder::new(src, &toks, &file).build(&file)?;
    warn_of_own_shardings(&mut m);
    warn_of_kernels_without_rules(&mut m);
    Ok(m)
}

/// A `custom_call` with no `sdy.sharding_rule` outside a `shard_map` is kept whole: said once per
/// kernel (a program calls one kernel once per layer), at its first call.
fn warn_of_kernels_without_rules(m: &mut crate::module::Module) {
    use crate::op::OpKind;
    fn walk(m: &crate::module::Module, ops: &[crate::ids::OpId], found: &mut Vec<(String, crate::span::Span)>) {
        for &op in ops {
            let data = &m.ops[op];
            match &data.kind {
                OpKind::ManualComputation { .. } => continue, // the user's region, sharded by hand
                OpKind::CustomCall { target, rule: None, .. } if !found.iter().any(|(t, _)| t == target) => {
                    found.push((target.clone(), data.syntax.name));
                }
                _ => {}
            }
            for region in &data.regions {
                for block in &region.blocks {
                    walk(m, &block.ops, found);
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(m, &m.body, &mut found);
    for (target, span) in found {
        let message = format!(
            "custom_call @{target} has no sdy.sharding_rule: kept replicated (give the kernel a sharding rule, \
             or wrap it in shard_map, to let automap shard it)"
        );
        m.warnings.push(crate::module::Warning { span, message });
    }
}

/// A module JAX lowered under a mesh carries shardings on its entry arguments and results (replicated
/// ones where the user gave none); the plan's replace them. Said once, at the first.
fn warn_of_own_shardings(m: &mut crate::module::Module) {
    let Some(entry) = m.functions.first() else { return };
    let ports = entry.args.iter().map(|p| ("argument", p)).chain(entry.results.iter().map(|p| ("result", p)));
    let with: Vec<_> = ports
        .filter(|(_, p)| {
            // Only shardings that split something: a replicated one (jit writes those on scalars) is no loss.
            p.attr_dict.is_some_and(|d| {
                let text = d.text(&m.source);
                (text.contains("sdy.sharding =") && text.contains("{\"")) || text.contains("mhlo.sharding = \"{devices")
            })
        })
        .collect();
    if let Some(&(_, first)) = with.first() {
        let message = format!(
            "{} entry arguments and results split over mesh axes already (as jit writes them under a mesh): the plan's \
             replace them (pin a value with --constraints to keep its sharding)",
            with.len()
        );
        let span = first.attr_dict.unwrap_or(first.ty_span);
        m.warnings.push(crate::module::Warning { span, message });
    }
}

/// Parse raw bytes: invalid UTF-8 (a binary file, say) is an error at the first bad byte.
pub fn parse_bytes(bytes: &[u8]) -> Result<Module, ParseError> {
    match std::str::from_utf8(bytes) {
        Ok(s) => parse_module(s),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let prefix = std::str::from_utf8(good).unwrap_or("");
            Err(ParseError::new(
                prefix,
                prefix.len(),
                format!(
                    "not UTF-8 text: invalid byte 0x{:02x} at byte offset {} (is this a binary file?)",
                    bytes[e.valid_up_to()],
                    e.valid_up_to()
                ),
            ))
        }
    }
}

#[cfg(test)]
mod tests;
