//! The syntactic layer: ops, regions and blocks as token ranges, for both the pretty and the generic form.
//!
//! An op is its results, its name and a *body* of tokens up to the end of its line (at bracket depth 0),
//! with regions cut out wherever a `{` ends a line. A line that starts with `cond`, `do` or `reducer`
//! continues the op before it (the pretty forms of `while` and `reduce`). The meaning of the body is left
//! to the builder, per op.

use super::lexer::{Tok, Token};
use crate::error::ParseError;
use crate::span::Span;

/// Keywords that continue an op's body on the next line.
const CONTINUATIONS: &[&str] = &["cond", "do", "reducer"];

/// Deepest nesting of regions accepted, against stack exhaustion on hostile input.
const MAX_REGION_DEPTH: usize = 64;

/// A result group on the left of `=`: `%0` or `%0:3`.
#[derive(Clone, Debug)]
pub struct ResultGroup {
    /// The name token (`%0`).
    pub tok: usize,
    /// How many results the group names.
    pub count: usize,
}

/// One op, syntactically.
#[derive(Clone, Debug)]
pub struct SynOp {
    /// Result groups.
    pub results: Vec<ResultGroup>,
    /// The op-name token (an identifier, or a string in the generic form).
    pub name_tok: usize,
    /// Body token indices (regions and the trailing location excluded).
    pub body: Vec<usize>,
    /// Regions, in order.
    pub regions: Vec<SynRegion>,
    /// The `loc(...)` token range `[start, end)`, if present.
    pub loc: Option<(usize, usize)>,
    /// The whole op's byte span.
    pub span: Span,
}

/// A region: `{ blocks }`.
#[derive(Clone, Debug)]
pub struct SynRegion {
    /// Blocks.
    pub blocks: Vec<SynBlock>,
}

/// A block: an optional `^label(args):` header and ops.
#[derive(Clone, Debug, Default)]
pub struct SynBlock {
    /// Arguments from a `^bb(...)` header.
    pub args: Vec<SynArg>,
    /// Ops.
    pub ops: Vec<SynOp>,
}

/// A block argument `%x: type {attrs} loc(...)`: token ranges.
#[derive(Clone, Debug)]
pub struct SynArg {
    /// Name token.
    pub name: usize,
    /// Type tokens `[start, end)`.
    pub ty: (usize, usize),
    /// Attribute dictionary tokens `[start, end)` including braces.
    pub attrs: Option<(usize, usize)>,
    /// `loc(...)` tokens.
    pub loc: Option<(usize, usize)>,
}

/// A top-level `#alias = ...` definition.
#[derive(Clone, Debug)]
pub struct AliasDef {
    /// The `#name` token.
    pub name: usize,
    /// Value tokens `[start, end)`.
    pub value: (usize, usize),
}

/// The top level of a file: ops (usually one `module`) and alias definitions.
#[derive(Clone, Debug, Default)]
pub struct SynFile {
    /// Top-level ops.
    pub ops: Vec<SynOp>,
    /// `#loc3 = loc(...)` and other aliases.
    pub aliases: Vec<AliasDef>,
}

/// The syntactic parser over a token list.
pub struct Parser<'a> {
    src: &'a str,
    toks: &'a [Token],
    pos: usize,
    region_depth: usize,
}

impl<'a> Parser<'a> {
    /// A parser over `toks` lexed from `src`.
    pub fn new(src: &'a str, toks: &'a [Token]) -> Parser<'a> {
        Parser { src, toks, pos: 0, region_depth: 0 }
    }

    fn err(&self, at: usize, msg: impl Into<String>) -> ParseError {
        let offset = self.toks.get(at).map_or(self.src.len(), |t| t.span.start as usize);
        ParseError::new(self.src, offset, msg)
    }

    fn peek(&self) -> Option<Token> {
        self.toks.get(self.pos).copied()
    }

    fn text(&self, i: usize) -> &'a str {
        self.toks.get(i).map_or("", |t| t.text(self.src))
    }

    fn expect_punct(&mut self, c: u8) -> Result<usize, ParseError> {
        match self.peek() {
            Some(t) if t.is(c) => {
                self.pos += 1;
                Ok(self.pos - 1)
            }
            Some(_) => Err(self.err(self.pos, format!("expected '{}', found '{}'", c as char, self.text(self.pos)))),
            None => Err(self.err(self.pos, format!("expected '{}', found the end of the file", c as char))),
        }
    }

    /// Skip a balanced group starting at an opening bracket; returns the index after its closer.
    pub fn skip_group(&mut self) -> Result<usize, ParseError> {
        let open = self.pos;
        let mut stack: Vec<u8> = Vec::new();
        while let Some(t) = self.peek() {
            self.pos += 1;
            match t.tok {
                Tok::Punct(c @ (b'(' | b'[' | b'{' | b'<')) => stack.push(c),
                Tok::Punct(c @ (b')' | b']' | b'}' | b'>')) => {
                    let want = opener(c);
                    if stack.pop() != Some(want) {
                        return Err(self.err(self.pos - 1, format!("unbalanced '{}'", c as char)));
                    }
                    if stack.is_empty() {
                        return Ok(self.pos);
                    }
                }
                _ => {}
            }
            if stack.is_empty() {
                return Ok(self.pos);
            }
        }
        Err(self.err(open, format!("'{}' is never closed", self.text(open))))
    }

    /// Parse a whole file.
    pub fn parse_file(&mut self) -> Result<SynFile, ParseError> {
        let mut file = SynFile::default();
        if self.toks.is_empty() {
            return Err(ParseError::new(self.src, 0, "empty input: expected a StableHLO module"));
        }
        while let Some(t) = self.peek() {
            if t.tok == Tok::HashId && self.toks.get(self.pos + 1).is_some_and(|n| n.is(b'=')) {
                let name = self.pos;
                self.pos += 2;
                let start = self.pos;
                self.skip_attr_value()?;
                file.aliases.push(AliasDef { name, value: (start, self.pos) });
                continue;
            }
            let op = self.parse_op()?;
            file.ops.push(op);
        }
        Ok(file)
    }

    /// Skip one attribute value at the top level (an alias definition's right-hand side): tokens up to the
    /// next line start at depth 0.
    fn skip_attr_value(&mut self) -> Result<(), ParseError> {
        let first = self.pos;
        while let Some(t) = self.peek() {
            if t.line_start && self.pos > first {
                break;
            }
            match t.tok {
                Tok::Punct(b'(' | b'[' | b'{' | b'<') => {
                    self.skip_group()?;
                }
                Tok::Punct(c @ (b')' | b']' | b'}' | b'>')) => {
                    return Err(self.err(self.pos, format!("unbalanced '{}'", c as char)));
                }
                _ => self.pos += 1,
            }
        }
        if self.pos == first {
            return Err(self.err(first, "expected a value after '='"));
        }
        Ok(())
    }

    fn parse_op(&mut self) -> Result<SynOp, ParseError> {
        let start_tok = self.pos;
        let start = self.peek().map_or(self.src.len(), |t| t.span.start as usize);
        let mut results = Vec::new();
        if self.peek().is_some_and(|t| t.tok == Tok::Value) {
            loop {
                let tok = self.pos;
                match self.peek() {
                    Some(t) if t.tok == Tok::Value => self.pos += 1,
                    _ => return Err(self.err(self.pos, "expected a result name like %0")),
                }
                let mut count = 1;
                if self.peek().is_some_and(|t| t.is(b':')) {
                    self.pos += 1;
                    count = match self.peek() {
                        Some(t) if t.tok == Tok::Int => t.text(self.src).parse().unwrap_or(0),
                        _ => 0,
                    };
                    if count == 0 {
                        return Err(self.err(self.pos, "expected a result count after ':'"));
                    }
                    self.pos += 1;
                }
                results.push(ResultGroup { tok, count });
                if self.peek().is_some_and(|t| t.is(b',')) {
                    self.pos += 1;
                    continue;
                }
                break;
            }
            self.expect_punct(b'=')?;
        }
        let name_tok = self.pos;
        match self.peek() {
            Some(t) if matches!(t.tok, Tok::Ident | Tok::Str) => self.pos += 1,
            Some(t) if t.is(b'}') => return Err(self.err(self.pos, "unexpected '}'")),
            Some(_) => return Err(self.err(self.pos, format!("expected an op name, found '{}'", self.text(self.pos)))),
            None => return Err(self.err(self.pos, "expected an op name, found the end of the file")),
        }
        let mut op =
            SynOp { results, name_tok, body: Vec::new(), regions: Vec::new(), loc: None, span: Span::at(start) };
        let mut stack: Vec<(u8, usize)> = Vec::new();
        while let Some(t) = self.peek() {
            if t.line_start && stack.is_empty() {
                let continues = t.tok == Tok::Ident && CONTINUATIONS.contains(&t.text(self.src));
                if !continues {
                    break;
                }
            }
            let next_starts_line = self.toks.get(self.pos + 1).is_none_or(|n| n.line_start);
            if t.is(b'{') && next_starts_line {
                let region = self.parse_region()?;
                op.regions.push(region);
                continue;
            }
            if stack.is_empty()
                && t.tok == Tok::Ident
                && t.text(self.src) == "loc"
                && self.toks.get(self.pos + 1).is_some_and(|n| n.is(b'('))
            {
                let s = self.pos;
                self.pos += 1;
                self.skip_group()?;
                op.loc = Some((s, self.pos));
                continue;
            }
            match t.tok {
                Tok::Punct(c @ (b'(' | b'[' | b'{' | b'<')) => stack.push((c, self.pos)),
                Tok::Punct(c @ (b')' | b']' | b'}' | b'>')) => match stack.pop() {
                    Some((o, _)) if o == opener(c) => {}
                    Some((o, at)) => {
                        return Err(self.err(
                            self.pos,
                            format!("'{}' does not close the '{}' at {}", c as char, o as char, self.loc_of(at)),
                        ));
                    }
                    None if c == b'}' => break, // closes the enclosing region
                    None => return Err(self.err(self.pos, format!("unbalanced '{}'", c as char))),
                },
                _ => {}
            }
            op.body.push(self.pos);
            self.pos += 1;
        }
        if let Some((c, at)) = stack.last() {
            return Err(self.err(*at, format!("'{}' is never closed", *c as char)));
        }
        let end = self.toks[..self.pos].last().map_or(start, |t| t.span.end as usize);
        op.span = Span::new(start, end);
        if self.pos == start_tok {
            return Err(self.err(self.pos, "expected an op"));
        }
        Ok(op)
    }

    fn loc_of(&self, tok: usize) -> String {
        let off = self.toks.get(tok).map_or(0, |t| t.span.start as usize);
        crate::span::line_col(self.src, off).to_string()
    }

    fn parse_region(&mut self) -> Result<SynRegion, ParseError> {
        let open = self.expect_punct(b'{')?;
        self.region_depth += 1;
        if self.region_depth > MAX_REGION_DEPTH {
            return Err(self.err(open, format!("regions nested deeper than {MAX_REGION_DEPTH}")));
        }
        let mut blocks = vec![SynBlock::default()];
        loop {
            match self.peek() {
                None => return Err(self.err(open, "region '{' is never closed")),
                Some(t) if t.is(b'}') => {
                    self.pos += 1;
                    break;
                }
                Some(t) if t.tok == Tok::Caret => {
                    self.pos += 1;
                    let args =
                        if self.peek().is_some_and(|t| t.is(b'(')) { self.parse_block_args()? } else { Vec::new() };
                    self.expect_punct(b':')?;
                    let cur = blocks.last_mut().filter(|b| b.ops.is_empty() && b.args.is_empty());
                    match cur {
                        Some(b) => b.args = args,
                        None => blocks.push(SynBlock { args, ops: Vec::new() }),
                    }
                }
                Some(_) => {
                    let op = self.parse_op()?;
                    if let Some(b) = blocks.last_mut() {
                        b.ops.push(op);
                    }
                }
            }
        }
        self.region_depth -= 1;
        Ok(SynRegion { blocks })
    }

    /// `(%a: type {attrs} loc(..), ...)` as in a block header or a function signature.
    pub fn parse_block_args(&mut self) -> Result<Vec<SynArg>, ParseError> {
        self.expect_punct(b'(')?;
        let mut args = Vec::new();
        if self.peek().is_some_and(|t| t.is(b')')) {
            self.pos += 1;
            return Ok(args);
        }
        loop {
            let name = self.pos;
            if !self.peek().is_some_and(|t| t.tok == Tok::Value) {
                return Err(self
                    .err(self.pos, format!("expected an argument name like %arg0, found '{}'", self.text(self.pos))));
            }
            self.pos += 1;
            self.expect_punct(b':')?;
            let ty_start = self.pos;
            self.skip_type()?;
            let ty = (ty_start, self.pos);
            let mut attrs = None;
            if self.peek().is_some_and(|t| t.is(b'{')) {
                let s = self.pos;
                self.skip_group()?;
                attrs = Some((s, self.pos));
            }
            let mut loc = None;
            if self.peek().is_some_and(|t| t.text(self.src) == "loc") {
                let s = self.pos;
                self.pos += 1;
                self.skip_group()?;
                loc = Some((s, self.pos));
            }
            args.push(SynArg { name, ty, attrs, loc });
            match self.peek() {
                Some(t) if t.is(b',') => self.pos += 1,
                Some(t) if t.is(b')') => {
                    self.pos += 1;
                    return Ok(args);
                }
                _ => return Err(self.err(self.pos, format!("expected ',' or ')', found '{}'", self.text(self.pos)))),
            }
        }
    }

    /// Skip one type: an identifier or `!dialect.type`, with a `<...>` group if one follows; or a
    /// parenthesized function type.
    pub fn skip_type(&mut self) -> Result<(), ParseError> {
        match self.peek() {
            Some(t) if matches!(t.tok, Tok::Ident | Tok::BangId) => {
                self.pos += 1;
                if self.peek().is_some_and(|t| t.is(b'<')) {
                    self.skip_group()?;
                }
                Ok(())
            }
            Some(t) if t.is(b'(') => {
                self.skip_group()?;
                if self.peek().is_some_and(|t| t.tok == Tok::Arrow) {
                    self.pos += 1;
                    self.skip_type()?;
                }
                Ok(())
            }
            _ => Err(self.err(self.pos, format!("expected a type, found '{}'", self.text(self.pos)))),
        }
    }

    /// Current token index.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Move to token index `pos`.
    pub fn set_pos(&mut self, pos: usize) {
        self.pos = pos;
    }
}

fn opener(close: u8) -> u8 {
    match close {
        b')' => b'(',
        b']' => b'[',
        b'}' => b'{',
        _ => b'<',
    }
}
