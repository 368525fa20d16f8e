//! MLIR-style tokens: enough of MLIR's lexical grammar for the text that JAX prints.

use crate::error::ParseError;
use crate::span::Span;

/// What kind of token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// `%name` (with `#N` result index when present).
    Value,
    /// `@name` or `@"quoted"`.
    Symbol,
    /// `#name` attribute alias or dialect attribute prefix (`#stablehlo.gather`, `#loc3`).
    HashId,
    /// `!name` dialect type.
    BangId,
    /// `^bb0` block label.
    Caret,
    /// Bare identifier, possibly dotted (`stablehlo.add`, `dims`, `f32`, `x16xf32`).
    Ident,
    /// Integer literal (decimal or hex), possibly negative.
    Int,
    /// Float literal, possibly negative.
    Float,
    /// `"..."` string literal.
    Str,
    /// `->`.
    Arrow,
    /// One punctuation character: `( ) [ ] { } < > , : = ? * + | -`.
    Punct(u8),
}

/// A token with its span and whether it is the first on its line.
#[derive(Clone, Copy, Debug)]
pub struct Token {
    /// Kind.
    pub tok: Tok,
    /// Byte span in the source.
    pub span: Span,
    /// First token on its source line.
    pub line_start: bool,
}

impl Token {
    /// The token's text.
    pub fn text(self, src: &str) -> &str {
        self.span.text(src)
    }

    /// Is this the punctuation `c`?
    pub fn is(self, c: u8) -> bool {
        self.tok == Tok::Punct(c)
    }
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.')
}

fn is_suffix_id_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b'-')
}

/// Deepest bracket nesting accepted: far beyond any real module, and a bound on the parser's recursion.
pub const MAX_BRACKET_DEPTH: usize = 256;

/// Split `src` into tokens. Comments (`// ...`) are dropped. Brackets nested deeper than
/// [`MAX_BRACKET_DEPTH`] are an error.
pub fn lex(src: &str) -> Result<Vec<Token>, ParseError> {
    let toks = lex_tokens(src)?;
    let mut depth = 0usize;
    for t in &toks {
        match t.tok {
            Tok::Punct(b'(' | b'[' | b'{' | b'<') => {
                depth += 1;
                if depth > MAX_BRACKET_DEPTH {
                    return Err(ParseError::new(
                        src,
                        t.span.start as usize,
                        format!("brackets nested deeper than {MAX_BRACKET_DEPTH}"),
                    ));
                }
            }
            Tok::Punct(b')' | b']' | b'}' | b'>') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(toks)
}

fn lex_tokens(src: &str) -> Result<Vec<Token>, ParseError> {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(src.len() / 5);
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c == b' ' || c == b'\t' || c == b'\r' {
            i += 1;
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        let tok = match c {
            b'%' | b'@' | b'#' | b'!' | b'^' => {
                i += 1;
                if c == b'@' && b.get(i) == Some(&b'"') {
                    i = scan_string(src, i)?;
                } else {
                    while i < b.len() && is_suffix_id_char(b[i]) {
                        i += 1;
                    }
                    if i == start + 1 && c != b'#' {
                        return Err(ParseError::new(src, start, format!("expected a name after '{}'", c as char)));
                    }
                    // `%0#1` names result 1 of a multi-result op.
                    if c == b'%' && b.get(i) == Some(&b'#') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                        i += 1;
                        while i < b.len() && b[i].is_ascii_digit() {
                            i += 1;
                        }
                    }
                }
                match c {
                    b'%' => Tok::Value,
                    b'@' => Tok::Symbol,
                    b'#' => Tok::HashId,
                    b'!' => Tok::BangId,
                    _ => Tok::Caret,
                }
            }
            b'"' => {
                i = scan_string(src, i)?;
                Tok::Str
            }
            b'-' if b.get(i + 1) == Some(&b'>') => {
                i += 2;
                Tok::Arrow
            }
            b'-' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                i += 1;
                scan_number(b, &mut i)
            }
            b'0'..=b'9' => scan_number(b, &mut i),
            _ if is_ident_start(c) => {
                while i < b.len() && is_ident_char(b[i]) {
                    i += 1;
                }
                Tok::Ident
            }
            b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>' | b',' | b':' | b'=' | b'?' | b'*' | b'+' | b'|'
            | b'-' => {
                i += 1;
                Tok::Punct(c)
            }
            _ => {
                let shown = src[start..].chars().next().map_or_else(String::new, |ch| format!("{ch:?}"));
                return Err(ParseError::new(src, start, format!("unexpected character {shown}")));
            }
        };
        out.push(Token { tok, span: Span::new(start, i), line_start });
        line_start = false;
    }
    Ok(out)
}

/// Scan a `"..."` literal starting at the quote; returns the offset after the closing quote.
fn scan_string(src: &str, start: usize) -> Result<usize, ParseError> {
    let b = src.as_bytes();
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'"' => return Ok(i + 1),
            b'\\' => i += 2,
            b'\n' => break,
            _ => i += 1,
        }
    }
    Err(ParseError::new(src, start, "unterminated string literal"))
}

fn scan_number(b: &[u8], i: &mut usize) -> Tok {
    if b[*i] == b'0' && b.get(*i + 1) == Some(&b'x') && b.get(*i + 2).is_some_and(u8::is_ascii_hexdigit) {
        *i += 2;
        while *i < b.len() && b[*i].is_ascii_hexdigit() {
            *i += 1;
        }
        return Tok::Int;
    }
    while *i < b.len() && b[*i].is_ascii_digit() {
        *i += 1;
    }
    let mut float = false;
    if b.get(*i) == Some(&b'.') && b.get(*i + 1).is_some_and(u8::is_ascii_digit) {
        float = true;
        *i += 1;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
    }
    if matches!(b.get(*i), Some(b'e' | b'E')) {
        let mut j = *i + 1;
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if b.get(j).is_some_and(u8::is_ascii_digit) {
            float = true;
            *i = j;
            while *i < b.len() && b[*i].is_ascii_digit() {
                *i += 1;
            }
        }
    }
    if float { Tok::Float } else { Tok::Int }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(Tok, String)> {
        lex(src).unwrap().into_iter().map(|t| (t.tok, t.text(src).to_string())).collect()
    }

    #[test]
    fn lexes_an_op_line() {
        let src = "%0:2 = stablehlo.add %a#1, %b : tensor<8x16xf32> -> tensor<f32> loc(#loc3)";
        let k = kinds(src);
        assert_eq!(k[0], (Tok::Value, "%0".into()));
        assert_eq!(k[1], (Tok::Punct(b':'), ":".into()));
        assert_eq!(k[2], (Tok::Int, "2".into()));
        assert_eq!(k[4], (Tok::Ident, "stablehlo.add".into()));
        assert_eq!(k[5], (Tok::Value, "%a#1".into()));
        assert!(k.iter().any(|(t, s)| *t == Tok::Ident && s == "x16xf32"));
        assert!(k.iter().any(|(t, _)| *t == Tok::Arrow));
        assert!(k.iter().any(|(t, s)| *t == Tok::HashId && s == "#loc3"));
    }

    #[test]
    fn numbers() {
        let k = kinds("-1.5e+00 0x7F 12 -3 1e5");
        let t: Vec<Tok> = k.iter().map(|x| x.0).collect();
        assert_eq!(t, vec![Tok::Float, Tok::Int, Tok::Int, Tok::Int, Tok::Float]);
    }

    #[test]
    fn unterminated_string_is_an_error() {
        let e = lex("x = \"abc\n").unwrap_err();
        assert_eq!(e.at.line, 1);
        assert!(e.message.contains("unterminated"));
    }

    #[test]
    fn line_starts() {
        let toks = lex("a b\n c").unwrap();
        assert!(toks[0].line_start && !toks[1].line_start && toks[2].line_start);
    }
}
