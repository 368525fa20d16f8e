//! MLIR attribute values, parsed generically from tokens (enough for StableHLO's attributes), plus the
//! token-level type parser.

use super::lexer::{Tok, Token};
use crate::types::{ElemType, TensorType, Type};

/// An attribute value.
#[derive(Clone, Debug, PartialEq)]
pub enum Attr {
    /// Integer (a `: i64` suffix is dropped).
    Int(i64),
    /// Float.
    Float(f64),
    /// String, unescaped.
    Str(String),
    /// `true` / `false`.
    Bool(bool),
    /// A bare word (`DEFAULT`, `GT`, `b`, `f`).
    Ident(String),
    /// `[a, b, ...]`.
    List(Vec<Attr>),
    /// `{k = v, ...}`; a key without value is `Unit`.
    Dict(Vec<(String, Attr)>),
    /// `array<i64: 1, 2>`.
    Array(Vec<i64>),
    /// `dense<...>` with its type when given: the integers it holds, if it holds integers.
    Dense {
        /// Integer payload, flattened; a splat is expanded when the type gives the element count.
        ints: Option<Vec<i64>>,
    },
    /// `#dialect.name<...>` or `#dialect<...>`: `key = value` parameters when it has them, otherwise its
    /// bare words, and the token range `[start, end)` of the `<...>` body.
    Dialect {
        /// `#stablehlo.gather` and the like.
        name: String,
        /// `key = value` parameters.
        params: Vec<(String, Attr)>,
        /// Bare words (`precision DEFAULT` → `["precision", "DEFAULT"]`).
        words: Vec<String>,
        /// Token range of the body.
        body: (usize, usize),
    },
    /// `@symbol`.
    Symbol(String),
    /// A unit attribute (a dictionary key with no value).
    Unit,
    /// Something this parser does not model (a type, an affine map): skipped whole.
    Other,
}

impl Attr {
    /// Integer list view of `[1, 2]`, `array<i64: 1, 2>` and integer `dense<...>`.
    pub fn ints(&self) -> Option<Vec<i64>> {
        match self {
            Attr::List(xs) => xs.iter().map(Attr::int).collect(),
            Attr::Array(xs) => Some(xs.clone()),
            Attr::Dense { ints } => ints.clone(),
            _ => None,
        }
    }

    /// Integer view.
    pub fn int(&self) -> Option<i64> {
        match self {
            Attr::Int(x) => Some(*x),
            _ => None,
        }
    }

    /// A dictionary or dialect attribute's parameter.
    pub fn get(&self, key: &str) -> Option<&Attr> {
        match self {
            Attr::Dict(kv) | Attr::Dialect { params: kv, .. } => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Boolean view.
    pub fn bool(&self) -> Option<bool> {
        match self {
            Attr::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

/// A cursor over a token slice for attribute and type parsing.
pub struct Cursor<'a> {
    /// Source text.
    pub src: &'a str,
    /// Tokens.
    pub toks: &'a [Token],
    /// Position.
    pub pos: usize,
}

/// Failure inside the cursor: the token index where it happened and what was expected.
#[derive(Debug)]
pub struct AttrError {
    /// Token index (may equal the slice length: the end).
    pub at: usize,
    /// What was expected.
    pub message: String,
}

type R<T> = Result<T, AttrError>;

impl<'a> Cursor<'a> {
    /// A cursor at the start of `toks`.
    pub fn new(src: &'a str, toks: &'a [Token]) -> Cursor<'a> {
        Cursor { src, toks, pos: 0 }
    }

    /// The current token.
    pub fn peek(&self) -> Option<Token> {
        self.toks.get(self.pos).copied()
    }

    /// The token after the current one.
    pub fn peek2(&self) -> Option<Token> {
        self.toks.get(self.pos + 1).copied()
    }

    /// Text of the current token ("" at the end).
    pub fn peek_text(&self) -> &'a str {
        self.peek().map_or("", |t| t.text(self.src))
    }

    /// Is the current token the punctuation `c`?
    pub fn at(&self, c: u8) -> bool {
        self.peek().is_some_and(|t| t.is(c))
    }

    /// Is the current token this identifier?
    pub fn at_word(&self, w: &str) -> bool {
        self.peek().is_some_and(|t| t.tok == Tok::Ident && t.text(self.src) == w)
    }

    /// An error at the current token.
    pub fn error(&self, message: impl Into<String>) -> AttrError {
        AttrError { at: self.pos, message: message.into() }
    }

    /// Consume punctuation `c` or fail.
    pub fn expect(&mut self, c: u8) -> R<()> {
        if self.at(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(format!("expected '{}', found '{}'", c as char, self.peek_text())))
        }
    }

    /// Consume punctuation `c` if present.
    pub fn eat(&mut self, c: u8) -> bool {
        let hit = self.at(c);
        if hit {
            self.pos += 1;
        }
        hit
    }

    /// Consume this identifier if present.
    pub fn eat_word(&mut self, w: &str) -> bool {
        let hit = self.at_word(w);
        if hit {
            self.pos += 1;
        }
        hit
    }

    /// Skip a balanced group at the current opening bracket.
    pub fn skip_group(&mut self) -> R<()> {
        let mut depth = 0usize;
        while let Some(t) = self.peek() {
            self.pos += 1;
            match t.tok {
                Tok::Punct(b'(' | b'[' | b'{' | b'<') => depth += 1,
                Tok::Punct(b')' | b']' | b'}' | b'>') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ if depth == 0 => return Ok(()),
                _ => {}
            }
        }
        Err(self.error("unclosed bracket"))
    }

    /// Parse an integer (decimal or hex).
    pub fn int(&mut self) -> R<i64> {
        match self.peek() {
            Some(t) if t.tok == Tok::Int => {
                self.pos += 1;
                parse_int(t.text(self.src))
                    .ok_or_else(|| AttrError { at: self.pos - 1, message: "integer out of range".into() })
            }
            _ => Err(self.error(format!("expected an integer, found '{}'", self.peek_text()))),
        }
    }

    /// `[1, 2, 3]`.
    pub fn int_list(&mut self) -> R<Vec<i64>> {
        self.expect(b'[')?;
        let mut out = Vec::new();
        if self.eat(b']') {
            return Ok(out);
        }
        loop {
            out.push(self.int()?);
            if self.eat(b']') {
                return Ok(out);
            }
            self.expect(b',')?;
        }
    }

    /// Parse one attribute value, with an optional `: type` suffix.
    pub fn attr(&mut self) -> R<Attr> {
        let a = self.attr_inner()?;
        if self.at(b':') && self.peek2().is_some_and(|t| matches!(t.tok, Tok::Ident | Tok::BangId)) {
            self.pos += 1;
            let ty = self.ty()?;
            if let (Attr::Dense { ints: Some(v) }, Type::Tensor(t)) = (&a, &ty)
                && v.len() == 1
            {
                let n = usize::try_from(t.num_elements()).unwrap_or(0);
                return Ok(Attr::Dense { ints: Some(vec![v[0]; n]) });
            }
        }
        Ok(a)
    }

    fn attr_inner(&mut self) -> R<Attr> {
        let Some(t) = self.peek() else { return Err(self.error("expected a value, found the end")) };
        let text = t.text(self.src);
        match t.tok {
            Tok::Int => Ok(Attr::Int(self.int()?)),
            Tok::Float => {
                self.pos += 1;
                Ok(Attr::Float(text.parse().unwrap_or(f64::NAN)))
            }
            Tok::Str => {
                self.pos += 1;
                Ok(Attr::Str(unescape(text)))
            }
            Tok::Symbol => {
                self.pos += 1;
                Ok(Attr::Symbol(text.trim_start_matches('@').trim_matches('"').to_string()))
            }
            Tok::Punct(b'[') => self.list(),
            Tok::Punct(b'{') => self.dict(),
            Tok::HashId => self.dialect_attr(text),
            Tok::Ident => self.keyword_attr(text),
            Tok::Punct(b'(') => self.function_type(),
            Tok::BangId => {
                self.ty()?;
                Ok(Attr::Other)
            }
            _ => Err(self.error(format!("expected an attribute value, found '{text}'"))),
        }
    }

    /// `[a, b, ...]`.
    fn list(&mut self) -> R<Attr> {
        self.pos += 1;
        let mut xs = Vec::new();
        if self.eat(b']') {
            return Ok(Attr::List(xs));
        }
        loop {
            xs.push(self.attr()?);
            if self.eat(b']') {
                return Ok(Attr::List(xs));
            }
            self.expect(b',')?;
        }
    }

    /// `#dialect.name` or `#dialect.name<...>`: its `key = value` parameters when it has them, else the
    /// words of its body (and the body's span either way).
    fn dialect_attr(&mut self, text: &str) -> R<Attr> {
        self.pos += 1;
        let name = text.to_string();
        if !self.at(b'<') {
            return Ok(Attr::Dialect { name, params: Vec::new(), words: Vec::new(), body: (self.pos, self.pos) });
        }
        let open = self.pos;
        self.skip_group()?;
        let body = (open + 1, self.pos - 1);
        let mut inner = Cursor { src: self.src, toks: &self.toks[..body.1], pos: body.0 };
        let mut params = Vec::new();
        let mut words = Vec::new();
        if inner.peek().is_some_and(|t| t.tok == Tok::Ident) && inner.peek2().is_some_and(|t| t.is(b'=')) {
            while inner.pos < body.1 {
                let key = inner.key()?;
                inner.expect(b'=')?;
                params.push((key, inner.attr()?));
                if !inner.eat(b',') {
                    break;
                }
            }
        } else {
            words = self.toks[body.0..body.1]
                .iter()
                .filter(|t| t.tok == Tok::Ident)
                .map(|t| t.text(self.src).to_string())
                .collect();
        }
        Ok(Attr::Dialect { name, params, words, body })
    }

    /// A value that starts with a word: a boolean, `unit`, `array<...>`, `dense<...>`, a type, or a
    /// bare identifier (an enum's case).
    fn keyword_attr(&mut self, text: &str) -> R<Attr> {
        match text {
            "true" | "false" => {
                self.pos += 1;
                Ok(Attr::Bool(text == "true"))
            }
            "unit" => {
                self.pos += 1;
                Ok(Attr::Unit)
            }
            "array" => self.array(),
            "dense" => {
                self.pos += 1;
                let open = self.pos;
                if !self.at(b'<') {
                    return Err(self.error(format!("expected '<' after dense, found '{}'", self.peek_text())));
                }
                self.skip_group()?;
                let ints = dense_ints(self.src, &self.toks[open + 1..self.pos - 1]);
                Ok(Attr::Dense { ints })
            }
            "tensor" | "tuple" | "complex" | "memref" | "vector" => {
                self.ty()?;
                Ok(Attr::Other)
            }
            _ => {
                self.pos += 1;
                if self.at(b'<') {
                    self.skip_group()?;
                    return Ok(Attr::Other);
                }
                Ok(Attr::Ident(text.to_string()))
            }
        }
    }

    /// `array<T: a, b, ...>` of integers (`array<i1: false, true>` holds booleans: read as 0 and 1).
    fn array(&mut self) -> R<Attr> {
        self.pos += 1;
        self.expect(b'<')?;
        self.ty()?;
        let mut xs = Vec::new();
        if self.eat(b':') {
            loop {
                let x = match self.peek_text() {
                    "true" | "false" => {
                        self.pos += 1;
                        i64::from(self.toks[self.pos - 1].text(self.src) == "true")
                    }
                    _ => self.int()?,
                };
                xs.push(x);
                if !self.eat(b',') {
                    break;
                }
            }
        }
        self.expect(b'>')?;
        Ok(Attr::Array(xs))
    }

    /// A function type `(T, ...) -> T` or `-> (T, ...)`, skipped.
    fn function_type(&mut self) -> R<Attr> {
        self.skip_group()?;
        if self.eat_arrow() {
            if self.at(b'(') {
                self.skip_group()?;
            } else {
                self.ty()?;
            }
        }
        Ok(Attr::Other)
    }

    fn eat_arrow(&mut self) -> bool {
        if self.peek().is_some_and(|t| t.tok == Tok::Arrow) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// A dictionary key: an identifier or a string.
    pub fn key(&mut self) -> R<String> {
        match self.peek() {
            Some(t) if t.tok == Tok::Ident => {
                self.pos += 1;
                Ok(t.text(self.src).to_string())
            }
            Some(t) if t.tok == Tok::Str => {
                self.pos += 1;
                Ok(unescape(t.text(self.src)))
            }
            _ => Err(self.error(format!("expected an attribute name, found '{}'", self.peek_text()))),
        }
    }

    /// `{k = v, flag, ...}`.
    pub fn dict(&mut self) -> R<Attr> {
        self.expect(b'{')?;
        let mut kv = Vec::new();
        if self.eat(b'}') {
            return Ok(Attr::Dict(kv));
        }
        loop {
            let key = self.key()?;
            let value = if self.eat(b'=') { self.attr()? } else { Attr::Unit };
            kv.push((key, value));
            if self.eat(b'}') {
                return Ok(Attr::Dict(kv));
            }
            self.expect(b',')?;
        }
    }

    /// Parse one type.
    pub fn ty(&mut self) -> R<Type> {
        let Some(t) = self.peek() else { return Err(self.error("expected a type, found the end")) };
        let text = t.text(self.src);
        match t.tok {
            Tok::Ident if text == "tensor" => {
                self.pos += 1;
                let open = self.pos;
                if !self.at(b'<') {
                    return Err(self.error("expected '<' after 'tensor'"));
                }
                self.skip_group()?;
                let (s, e) = (self.toks[open].span.end as usize, self.toks[self.pos - 1].span.start as usize);
                let body = &self.src[s..e];
                if let Some(t) = TensorType::parse_body(body) {
                    return Ok(Type::Tensor(t));
                }
                // Dynamic, unranked, encoded or quantized tensors are kept as text; anything else is wrong.
                if body.contains(['?', '*', ',', '!']) {
                    return Ok(Type::Other(format!("tensor<{body}>")));
                }
                Err(AttrError {
                    at: open,
                    message: format!("invalid tensor type 'tensor<{body}>' (expected e.g. tensor<8x16xf32>)"),
                })
            }
            Tok::Ident if text == "tuple" => {
                self.pos += 1;
                self.expect(b'<')?;
                let mut ts = Vec::new();
                if !self.eat(b'>') {
                    loop {
                        ts.push(self.ty()?);
                        if self.eat(b'>') {
                            break;
                        }
                        self.expect(b',')?;
                    }
                }
                Ok(Type::Tuple(ts))
            }
            Tok::BangId if text == "!stablehlo.token" || text == "!mhlo.token" => {
                self.pos += 1;
                Ok(Type::Token)
            }
            Tok::Ident
                if ElemType::parse(text).is_none() && !matches!(text, "none" | "complex" | "vector" | "memref") =>
            {
                Err(self.error(format!("unknown type '{text}'")))
            }
            Tok::Ident | Tok::BangId => {
                let start = t.span.start as usize;
                self.pos += 1;
                if self.at(b'<') {
                    self.skip_group()?;
                }
                let end = self.toks[self.pos - 1].span.end as usize;
                Ok(Type::Other(self.src[start..end].to_string()))
            }
            _ => Err(self.error(format!("expected a type, found '{text}'"))),
        }
    }

    /// A comma-separated type list, parenthesized or not: `(T, T)`, `T, T`, `()`.
    pub fn type_list(&mut self) -> R<Vec<Type>> {
        let mut out = Vec::new();
        if self.eat(b'(') {
            if self.eat(b')') {
                return Ok(out);
            }
            loop {
                out.push(self.ty()?);
                if self.eat(b')') {
                    return Ok(out);
                }
                self.expect(b',')?;
            }
        }
        loop {
            out.push(self.ty()?);
            if !self.eat(b',') {
                return Ok(out);
            }
        }
    }

    /// An op signature: `(ins) -> outs`, `T -> T`, or `T, T`. Returns (inputs, outputs); without an arrow
    /// the list is returned as inputs and outputs is `None`.
    pub fn signature(&mut self) -> R<(Vec<Type>, Option<Vec<Type>>)> {
        let ins = self.type_list()?;
        if self.eat_arrow() {
            // After the arrow: one type, or a parenthesized list.
            let outs = if self.at(b'(') { self.type_list()? } else { vec![self.ty()?] };
            return Ok((ins, Some(outs)));
        }
        Ok((ins, None))
    }
}

/// Parse a decimal or `0x` hex integer (hex read as the bit pattern of an i64).
pub fn parse_int(s: &str) -> Option<i64> {
    if let Some(h) = s.strip_prefix("0x") {
        return u64::from_str_radix(h, 16).ok().map(|u| u as i64);
    }
    s.parse().ok()
}

/// The integers of a `dense<...>` body (nested lists flattened), or `None` if it holds anything else.
fn dense_ints(src: &str, toks: &[Token]) -> Option<Vec<i64>> {
    let mut out = Vec::new();
    for t in toks {
        match t.tok {
            Tok::Int => out.push(parse_int(t.text(src))?),
            Tok::Punct(b'[' | b']' | b',') => {}
            _ => return None,
        }
    }
    Some(out)
}

/// Unescape an MLIR string literal (with its quotes).
pub fn unescape(lit: &str) -> String {
    let inner = lit.strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or(lit);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('"') => out.push('"'),
            Some('\\') => out.push('\\'),
            Some(h1) if h1.is_ascii_hexdigit() => {
                let h2 = chars.next().unwrap_or('0');
                let byte = u8::from_str_radix(&format!("{h1}{h2}"), 16).unwrap_or(b'?');
                out.push(char::from(byte));
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::lexer::lex;

    fn attr(src: &str) -> Attr {
        let toks = lex(src).unwrap();
        Cursor::new(src, &toks).attr().unwrap()
    }

    /// Found by the robustness property test: a token between `dense` and its `<` was taken for the
    /// group, and the group's inside was sliced backwards.
    #[test]
    fn dense_without_its_bracket_is_an_error() {
        for src in ["dense, <0>", "dense>", "dense"] {
            let toks = lex(src).unwrap();
            let e = Cursor::new(src, &toks).attr().unwrap_err();
            assert!(e.message.contains("expected '<' after dense"), "{src}: {}", e.message);
        }
    }

    #[test]
    fn parses_stablehlo_attributes() {
        assert_eq!(attr("array<i64: 1, 32>"), Attr::Array(vec![1, 32]));
        assert_eq!(attr("array<i64>"), Attr::Array(vec![]));
        assert_eq!(attr("array<i1: false, true>"), Attr::Array(vec![0, 1]));
        assert_eq!(attr("(tensor<4xf32>) -> (tensor<4xf32>, tensor<f32>)"), Attr::Other);
        assert_eq!(attr("1 : i64"), Attr::Int(1));
        assert_eq!(attr("dense<0> : tensor<2x2xi64>").ints(), Some(vec![0; 4]));
        assert_eq!(attr("dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>").ints(), Some(vec![0, 1, 2, 3]));
        let g = attr("#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], index_vector_dim = 1>");
        assert_eq!(g.get("offset_dims").and_then(Attr::ints), Some(vec![1]));
        assert_eq!(g.get("index_vector_dim").and_then(Attr::int), Some(1));
        match attr("#stablehlo<comparison_direction LT>") {
            Attr::Dialect { words, .. } => assert_eq!(words, vec!["comparison_direction", "LT"]),
            other => panic!("{other:?}"),
        }
        let d = attr("{mhlo.num_partitions = 1 : i32, jax.result_info = \"result\", flag}");
        assert_eq!(d.get("jax.result_info"), Some(&Attr::Str("result".into())));
        assert_eq!(d.get("flag"), Some(&Attr::Unit));
        assert_eq!(
            attr("[DEFAULT, DEFAULT]"),
            Attr::List(vec![Attr::Ident("DEFAULT".into()), Attr::Ident("DEFAULT".into())])
        );
        assert_eq!(attr("(tensor<4xf32>) -> tensor<4xf32>"), Attr::Other);
    }

    #[test]
    fn parses_signatures() {
        let src = "(tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>";
        let toks = lex(src).unwrap();
        let (ins, outs) = Cursor::new(src, &toks).signature().unwrap();
        assert_eq!(ins.len(), 2);
        assert_eq!(outs.unwrap()[0].to_string(), "tensor<8xf32>");
        let src = "tensor<i1>, tensor<4xf32>";
        let toks = lex(src).unwrap();
        let (ins, outs) = Cursor::new(src, &toks).signature().unwrap();
        assert_eq!(ins.len(), 2);
        assert!(outs.is_none());
    }

    #[test]
    fn unescapes() {
        assert_eq!(unescape(r#""params['w']""#), "params['w']");
        assert_eq!(unescape(r#""a\"b\0A""#), "a\"b\n");
    }
}
