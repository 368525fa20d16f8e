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
    build::Builder::new(src, &toks, &file).build(&file)
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
