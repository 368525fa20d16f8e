//! Errors of the text parser, with the location and the offending line.

use crate::span::{LineCol, line_col, line_text};
use std::fmt;

/// A parse error: what went wrong, where (line:column), and the source line with a caret under it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// What was expected or found.
    pub message: String,
    /// Where, 1-based.
    pub at: LineCol,
    /// The source line (truncated when very long) and a caret line under the column.
    pub snippet: String,
}

impl ParseError {
    /// An error at byte `offset` of `src`.
    pub fn new(src: &str, offset: usize, message: impl Into<String>) -> ParseError {
        let at = line_col(src, offset);
        ParseError { message: message.into(), at, snippet: snippet(line_text(src, offset), at.col) }
    }
}

/// Characters of context shown around the column on long lines.
const SNIPPET_CONTEXT_CHARS: usize = 60;

fn snippet(line: &str, col: usize) -> String {
    let chars: Vec<char> = line.chars().map(|c| if c.is_control() && c != '\t' { '?' } else { c }).collect();
    let lo = col.saturating_sub(1).saturating_sub(SNIPPET_CONTEXT_CHARS);
    let hi = (col + SNIPPET_CONTEXT_CHARS).min(chars.len());
    let mut shown: String = chars[lo.min(chars.len())..hi].iter().collect();
    let mut caret_col = col - 1 - lo;
    if lo > 0 {
        shown.insert_str(0, "...");
        caret_col += 3;
    }
    if hi < chars.len() {
        shown.push_str("...");
    }
    format!("{shown}\n{}^", " ".repeat(caret_col))
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}\n{}", self.at, self.message, self.snippet)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_line_and_caret() {
        let e = ParseError::new("abc\n  %x = oops\n", 11, "unknown op");
        assert_eq!(e.at, LineCol { line: 2, col: 8 });
        assert_eq!(e.to_string(), "2:8: unknown op\n  %x = oops\n       ^");
    }
}
